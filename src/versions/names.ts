// What a version may be called: its name becomes a URL segment (`/guides/<name>/…`) and a folder
// (`versioned/<name>/`), and must not be mistaken for a page of the current version.

export const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Segments the unversioned routes already use, or that name the current version. */
export const RESERVED_VERSION_NAMES = new Set(['current', 'next', 'changelog', 'tags']);

/** Why `name` cannot be a version's name, or undefined when it can. */
export function versionNameProblem(name: string): string | undefined {
  if (!VERSION_NAME.test(name) || name.length > 64) return `"${name}" is not a version name: use letters, digits, ".", "_" and "-", starting with a letter or digit (at most 64 characters); it becomes a URL segment and a folder name.`;
  if (RESERVED_VERSION_NAMES.has(name.toLowerCase())) return `"${name}" cannot be a version's name: ${[...RESERVED_VERSION_NAMES].map((n) => `"${n}"`).join(', ')} are taken by the current version and by pages of the guides and the API.`;
  return undefined;
}
