// Escaping for text placed into HTML by string concatenation (React escapes everything else),
// and markup written as a string byte for byte as React's renderToString writes it (the parts of
// a page whose elements are too many for React's cost per element: templates/components/).

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]);
}

// React's escaping of text and attribute values (react-dom/server, escapeTextForBrowser).
const REACT_ESCAPED = /["&'<>]/;
const REACT_ENTITIES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** Text or an attribute's value escaped as React escapes it. */
export function escapeAsReact(text: string): string {
  return REACT_ESCAPED.test(text) ? text.replace(/["&'<>]/g, (c) => REACT_ENTITIES[c]) : text;
}

/** ` name="value"` as React writes an attribute; nothing for undefined or null. */
export function attributeAsReact(name: string, value: string | undefined | null): string {
  return value === undefined || value === null ? '' : ` ${name}="${escapeAsReact(value)}"`;
}

/**
 * Markup written in document order as React writes it: two texts in a row (`{kind}:` in JSX)
 * are separated by `<!-- -->`, which React writes so that hydration finds each text node; an
 * empty text, null, undefined or false writes nothing, as React renders nothing for them.
 */
export class ReactMarkup {
  html = '';
  private afterText = false;

  /** A start tag; `attributes` from attributeAsReact. */
  open(tag: string, attributes = ''): this {
    this.html += `<${tag}${attributes}>`;
    this.afterText = false;
    return this;
  }

  close(tag: string): this {
    this.html += `</${tag}>`;
    this.afterText = false;
    return this;
  }

  /** An element whose content is markup already written (React's dangerouslySetInnerHTML). */
  element(tag: string, attributes: string, innerHtml: string): this {
    this.html += `<${tag}${attributes}>${innerHtml}</${tag}>`;
    this.afterText = false;
    return this;
  }

  text(value: string | null | undefined | false): this {
    if (value === null || value === undefined || value === false || value === '') return this;
    if (this.afterText) this.html += '<!-- -->';
    this.html += escapeAsReact(value);
    this.afterText = true;
    return this;
  }

  /**
   * A message with `{name}` placeholders (templates/components/Messages.tsx `fill`): each
   * placeholder a text, or a function that writes its elements; null leaves it out.
   */
  fill(message: string, values: Record<string, string | ((markup: this) => void) | null>): this {
    for (const part of message.split(/(\{\w+\})/)) {
      if (part === '') continue;
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      const value = name !== undefined && name in values ? values[name] : part;
      if (typeof value === 'function') value(this);
      else this.text(value);
    }
    return this;
  }
}
