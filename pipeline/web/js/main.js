// The page's entry point.
import { wireCaptions } from "./captions.js";
import { wireMarks } from "./marks.js";

wireCaptions();
wireMarks();
