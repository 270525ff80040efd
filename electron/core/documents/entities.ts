// Character references in titles, attributes and the text of XML/HTML parts: the `entities`
// library (htmlparser2's own decoder) knows every HTML5 name ("Caf&eacute;"), numeric references
// and their edge cases as browsers read them. It decodes only the fixed HTML5 table: nothing in a
// document can define or expand a new entity (no "billion laughs").
import { decodeHTML } from 'entities';

/** Decodes named (HTML5), decimal and hexadecimal character references; unknown names stay as they are. */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTML(text) : text;
}
