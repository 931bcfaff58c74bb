// #18 formatMessage splits each message once at its placeholders (schema trees format one per
// field); what it returns must not depend on what it formatted before.
import { describe, expect, it } from 'vitest';
import { defaultMessages, formatMessage } from '../../../src/shared/messages';

describe('#18 shared/messages formatMessage', () => {
  it('replaces each placeholder, keeps one it has no value for, and reads values literally', () => {
    expect(formatMessage('Direct link to {name}', { name: 'parcel_id' })).toBe('Direct link to parcel_id');
    expect(formatMessage('{shown} of {total} lines', { shown: '40', total: '1,200' })).toBe('40 of 1,200 lines');
    expect(formatMessage('{a}{a} and {b}', { a: 'x' })).toBe('xx and {b}');
    expect(formatMessage('No placeholders here', { a: 'x' })).toBe('No placeholders here');
    expect(formatMessage('', {})).toBe('');
    // A value is text, not a replacement pattern; braces that hold no name are text too.
    expect(formatMessage('Price: {amount}', { amount: '$& $1 {amount}' })).toBe('Price: $& $1 {amount}');
    expect(formatMessage('{ a } {a-b} {{a}}', { a: 'x' })).toBe('{ a } {a-b} {x}');
  });

  it('gives each call its own values when the same message is formatted again and again', () => {
    const names = Array.from({ length: 50 }, (_, i) => `field_${i}`);
    expect(names.map((name) => formatMessage(defaultMessages.apiDirectLinkTo, { name }))).toEqual(names.map((name) => `Direct link to ${name}`));
  });

  it('stays right past the number of messages it keeps split', () => {
    const messages = Array.from({ length: 3000 }, (_, i) => `Message ${i}: {count} items in {place}`);
    for (const pass of [1, 2]) {
      for (const [i, message] of messages.entries()) {
        expect(formatMessage(message, { count: String(i * pass), place: 'Leith' })).toBe(`Message ${i}: ${i * pass} items in Leith`);
      }
    }
  });
});
