// The pages' words in their language: the translations each page carries (#page-strings, from the catalogues:
// web_page.script_strings), their %(name)s placeholders filled in here as gettext's are in Python; and numbers
// as the language writes them (i18n.numbers): the panels compute in English form, and show it so.

const carried = document.getElementById("page-strings");
const STRINGS = carried ? JSON.parse(carried.textContent) : {};
const DECIMAL = STRINGS["decimal"] || "."; // "," in German
const SEPARATOR = STRINGS["separator"] || ", "; // "; " where the comma is the decimal sign

export function t(key, values = {}) {
  return STRINGS[key].replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}

// An English-form text of numbers ('[1.5, −2]', 'e^2.828 ≈ 16.92') as the page's language writes it: in German
// '[1,5; −2]' (the comma between listed numbers a semicolon, as panel_data.local does in Python).
export function local(text) {
  if (DECIMAL === ".") return text;
  return text.replace(/(?<=\d),(?= *[−-]?\d)/g, SEPARATOR.trimEnd()).replace(/(?<=\d)\.(?=\d)/g, DECIMAL);
}

// Items of a spoken list ('river 0,465'), joined as the language lists numbers ('; ' in German).
export function listed(items) {
  return items.join(SEPARATOR);
}

// A typed number in English form for Number(): the language's decimal sign read as a point too ('1,5').
export function typed(text) {
  return DECIMAL === "." ? text : text.replaceAll(DECIMAL, ".");
}
