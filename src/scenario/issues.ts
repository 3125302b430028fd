// What a scenario problem looks like: where it is (file, 1-based line and column), a stable
// code, the field path it concerns, and a one-line message saying what to write instead.

export interface Pos {
  file: string;
  line: number;
  col: number;
}

export interface Issue {
  file: string;
  line: number;
  col: number;
  code: string;
  path: string;
  message: string;
}

/** A message and its stable code, before it is given a place. */
export interface Problem {
  code: string;
  message: string;
}

export function issueAt(pos: Pos, path: string, problem: Problem): Issue {
  return { file: pos.file, line: pos.line, col: pos.col, code: problem.code, path, message: problem.message };
}

const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ');

/** `FILE:LINE:COL: message`, always one line. */
export function formatIssue(issue: Issue): string {
  return `${oneLine(issue.file)}:${issue.line}:${issue.col}: ${oneLine(issue.message)}`;
}

/** `FILE:LINE:COL: warning: message`: a warning about a scenario that loads. */
export function formatWarning(issue: Issue): string {
  return `${oneLine(issue.file)}:${issue.line}:${issue.col}: warning: ${oneLine(issue.message)}`;
}

/**
 * Issues in reading order: the scenario file first, then each `--set` in the order given
 * (`files` lists them so), by line and column within each; exact repeats (an alias expanded
 * twice) are dropped.
 */
export function sortIssues(issues: readonly Issue[], files: readonly string[]): Issue[] {
  const rank = (file: string): number => {
    const i = files.indexOf(file);
    return i < 0 ? files.length : i;
  };
  const seen = new Set<string>();
  const unique = issues.filter((issue) => {
    const id = `${formatIssue(issue)}\u0000${issue.code}\u0000${issue.path}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return unique
    .map((issue, order) => ({ issue, order }))
    .sort(
      (a, b) =>
        rank(a.issue.file) - rank(b.issue.file) ||
        a.issue.line - b.issue.line ||
        a.issue.col - b.issue.col ||
        a.order - b.order,
    )
    .map(({ issue }) => issue);
}
