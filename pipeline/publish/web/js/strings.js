// The pages' words in their language: the translations each page carries (#page-strings, from the catalogues:
// web_page.script_strings), their %(name)s placeholders filled in here as gettext's are in Python.

const carried = document.getElementById("page-strings");
const STRINGS = carried ? JSON.parse(carried.textContent) : {};

export function t(key, values = {}) {
  return STRINGS[key].replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}
