/**
 * Problems with render parameters, as every face reports them: "name: expected X, received Y",
 * the received value cut short, at most MAX_LISTED_ISSUES listed and the rest counted.
 */

/** One problem with one parameter, phrased as "name: expected X, received Y". */
export interface ParamIssue {
  readonly param: string;
  readonly expected: string;
  readonly received: string;
  readonly message: string;
}

/** How many issues an error lists; the rest are counted, so 200,000 unknown keys get a short answer. */
export const MAX_LISTED_ISSUES = 20;

/** Every problem of one request's parameters, reported together (an IssueList keeps the list short). */
export class ParamsError extends Error {
  readonly issues: readonly ParamIssue[];
  /** How many more problems were found than `issues` lists. */
  readonly unlisted: number;
  constructor(issues: readonly ParamIssue[], unlisted = 0) {
    super(issues.map((i) => i.message).join('; ') + (unlisted > 0 ? `; and ${unlisted} more` : ''));
    this.name = 'ParamsError';
    this.issues = issues;
    this.unlisted = unlisted;
  }
}

/** Issues as they are found: the first MAX_LISTED_ISSUES are made and kept, the rest only counted. */
export class IssueList {
  readonly #listed: ParamIssue[] = [];
  #unlisted = 0;

  add(make: () => ParamIssue): void {
    if (this.#listed.length < MAX_LISTED_ISSUES) this.#listed.push(make());
    else this.#unlisted++;
  }

  /** Takes over every issue of `err`, listed or counted. */
  addAll(err: ParamsError): void {
    for (const issue of err.issues) this.add(() => issue);
    this.#unlisted += err.unlisted;
  }

  /** Throws them all as one ParamsError, when there are any. */
  throwIfAny(): void {
    if (this.#listed.length > 0) throw new ParamsError(this.#listed, this.#unlisted);
  }
}

/** Names and values longer than this are cut in issues: an answer never echoes a whole upload. */
const MAX_SHOWN_CHARS = 80;

/** `text`, or its first MAX_SHOWN_CHARS characters and how long it was. */
export function shortened(text: string): string {
  return text.length <= MAX_SHOWN_CHARS ? text : `${text.slice(0, MAX_SHOWN_CHARS)}… (${text.length} characters)`;
}

const show = (value: unknown): string => {
  if (typeof value === 'string') return shortened(JSON.stringify(value));
  if (value === undefined) return 'nothing';
  // JSON has no Infinity or NaN: 1e400 parses to Infinity, which JSON.stringify writes as null
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  try {
    return shortened(JSON.stringify(value) ?? String(value));
  } catch {
    return shortened(String(value));
  }
};

/** One issue: the name (cut when long), what was expected, and the value received as shown to the caller. */
export function paramIssue(name: string, expected: string, received: unknown): ParamIssue {
  const got = show(received);
  const param = shortened(name);
  return { param, expected, received: got, message: issueMessage({ expected, received: got }, param) };
}

/**
 * An issue phrased with `name` in front: the parameter's own in `message`; a host names it as
 * its user typed or saw it (the CLI's flag, the studio's label).
 */
export const issueMessage = (issue: Pick<ParamIssue, 'expected' | 'received'>, name: string) =>
  `${name}: expected ${issue.expected}, received ${issue.received}`;
