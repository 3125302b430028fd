// Every user-facing message of the command line, as small functions, so wording stays
// consistent and tests can refer to it. Shape: "WHERE: what is wrong".

export function cannotRead(file: string, reason: string): string {
  return `${file}: cannot read: ${reason}`;
}

export function unknownFormat(value: string, choices: readonly string[]): string {
  return `--format: unknown format '${value}'; choose ${orList(choices)}`;
}

/** The reason a file could not be read, from a Node file-system error. */
export function readFailure(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOTDIR':
      return 'a parent is not a directory';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}
