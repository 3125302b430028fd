// Why a file operation failed, in words a user acts on, from a Node file-system error.

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
    case 'EROFS':
      return 'a read-only file system';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
