/**
 * A paper's answers as they wait in the browser's storage, for the exam's answer queue and the
 * quiz's saver alike: each change is written here before it is sent, so a reload or a crash of the
 * tab keeps what the server has not acknowledged yet, and the page sends it again when it opens.
 * One key per student and paper; a damaged or blocked storage only loses this copy, never the
 * answers in memory.
 */

/** localStorage in the page; a Map in tests. */
export interface AnswerStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface StoredAnswer {
  answer: string[];
  /** This question's latest edit number here. */
  seq: number;
  /** The largest seq the server acknowledged (0: none). */
  ackedSeq: number;
  /** Server time of that acknowledgement, where the server says it. */
  savedAt: number | null;
}

export interface AnswerStore {
  read(): Map<string, StoredAnswer>;
  write(answers: Iterable<readonly [string, StoredAnswer]>): void;
  /** The paper is the server's now (handed in): the copy goes. */
  forget(): void;
}

function isStoredAnswer(value: unknown): value is StoredAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<StoredAnswer>;
  return (
    Array.isArray(item.answer) &&
    item.answer.every((part) => typeof part === 'string') &&
    Number.isInteger(item.seq) &&
    Number.isInteger(item.ackedSeq)
  );
}

export function answerStore(
  kind: 'exam' | 'quiz',
  userId: string,
  paperId: string,
  storage: AnswerStorage | null = typeof localStorage === 'undefined' ? null : localStorage,
): AnswerStore {
  const key = `dfrm:${kind}-answers:${userId}:${paperId}`;
  return {
    read() {
      const answers = new Map<string, StoredAnswer>();
      try {
        const raw = storage?.getItem(key);
        if (!raw) return answers;
        const stored = JSON.parse(raw) as Record<string, unknown>;
        for (const [questionId, item] of Object.entries(stored)) {
          if (isStoredAnswer(item)) answers.set(questionId, { ...item, savedAt: item.savedAt ?? null });
        }
      } catch {
        // a damaged copy: the server's answers are read next
      }
      return answers;
    },
    write(answers) {
      try {
        storage?.setItem(key, JSON.stringify(Object.fromEntries(answers)));
      } catch {
        // storage full or blocked: the answers are still kept in memory and sent
      }
    },
    forget() {
      try {
        storage?.removeItem(key);
      } catch {
        // blocked storage: nothing was kept either
      }
    },
  };
}
