// Reads start tags out of static markup for structure assertions. React writes attributes as
// name="value" with quotes escaped, so a plain pattern reads them reliably; no DOM needed.

export interface Tag {
  name: string;
  attrs: Record<string, string>;
}

const TAG = /<([a-z][a-z0-9]*)((?:\s+[a-zA-Z:-]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTR = /([a-zA-Z:-]+)(?:="([^"]*)")?/g;

export function startTags(html: string): Tag[] {
  return [...html.matchAll(TAG)].map(([, name, rest]) => ({
    name,
    // HTML attribute names are case-insensitive; React writes rowSpan, a sanitiser rowspan.
    attrs: Object.fromEntries([...rest.matchAll(ATTR)].map(([, key, value]) => [key.toLowerCase(), value ?? ''])),
  }));
}

/** Tags carrying every attribute given (value '' matches any value). */
export function tagsWith(html: string, wanted: Record<string, string>): Tag[] {
  return startTags(html).filter((tag) => Object.entries(wanted).every(([key, value]) => key in tag.attrs && (value === '' || tag.attrs[key] === value)));
}

export const classTags = (html: string, className: string): Tag[] =>
  startTags(html).filter((tag) => (tag.attrs.class ?? '').split(' ').includes(className));
