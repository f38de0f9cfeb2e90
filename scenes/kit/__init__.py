"""What chapters share: the base scene, stage, palette, type, numbers, fitting and diagrams. Imports no chapter."""
