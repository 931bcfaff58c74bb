// A mistyped command gets the command it was meant to be.
import { describe, expect, it } from 'vitest';
import { suggestCommand } from '../../../src/cli/program';

const commands = ['build', 'serve', 'check-links', 'help'];

describe('cli/program', () => {
  it('#14 suggests the command meant by a typo, a prefix or a missing letter', () => {
    expect(suggestCommand('buld', commands)).toBe('build');
    expect(suggestCommand('check-link', commands)).toBe('check-links');
    expect(suggestCommand('serv', commands)).toBe('serve');
    expect(suggestCommand('Build', commands)).toBe('build');
    expect(suggestCommand('check', commands)).toBe('check-links');
  });

  it('suggests nothing for an unrelated word, and never "help"', () => {
    expect(suggestCommand('deploy', commands)).toBeUndefined();
    expect(suggestCommand('hepl', commands)).toBeUndefined();
  });
});
