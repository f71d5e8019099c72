import { useCallback, useState } from 'react';

// The student's 标记 ("come back to this one") is theirs alone and only matters on this device
// during the attempt: it is kept in the browser, never sent.
function flagsKey(userId: string, examId: string): string {
  return `dfrm:exam-flags:${userId}:${examId}`;
}

function readFlags(userId: string, examId: string): Set<string> {
  try {
    const raw = localStorage.getItem(flagsKey(userId, examId));
    const stored: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Forgets the flags of a submitted paper. */
export function forgetFlags(userId: string, examId: string): void {
  try {
    localStorage.removeItem(flagsKey(userId, examId));
  } catch {
    // storage blocked: nothing was kept
  }
}

/** The questions the student flagged, kept through a reload. */
export function useQuestionFlags(
  userId: string,
  examId: string,
): { flagged: ReadonlySet<string>; toggle: (questionId: string) => void } {
  const [flagged, setFlagged] = useState<ReadonlySet<string>>(() => readFlags(userId, examId));
  const toggle = useCallback(
    (questionId: string) => {
      setFlagged((current) => {
        const next = new Set(current);
        if (!next.delete(questionId)) next.add(questionId);
        try {
          localStorage.setItem(flagsKey(userId, examId), JSON.stringify([...next]));
        } catch {
          // storage full or blocked: the flags last as long as the page
        }
        return next;
      });
    },
    [userId, examId],
  );
  return { flagged, toggle };
}
