import '@mantine/core/styles/Kbd.layer.css';
import { Anchor, Button, Container, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type QueryClient, useInfiniteQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';
import {
  ensureGrading,
  finishDetailQuery,
  finishListQuery,
  finishWorkQuery,
  rowsOf,
} from '@/features/homework/api/grading-queries';
import { GradingPanel } from '@/features/homework/components/grading-panel';
import { SubmissionView } from '@/features/homework/components/submission-view';
import { type FinishListSearch, finishListParams } from '@/features/homework/grading-search';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import classes from './grading-page.module.css';

/**
 * The grading route's loader in both areas: the hand-in, the list it belongs to and its
 * neighbours (usually cached already, so moving on waits for nothing), and the sanitizer its
 * rich-text answer is drawn with, so the answer does not arrive after the page.
 */
export async function loadGradingPage(
  queryClient: QueryClient,
  studentWorkId: string,
  search: FinishListSearch,
): Promise<void> {
  await Promise.all([ensureGrading(queryClient, studentWorkId, search), preloadRichTextView()]);
}

export interface GradingPageProps {
  area: TeachingArea;
  studentWorkId: string;
  /** The completion list's view the teacher came from (its filter and order). */
  search: FinishListSearch;
}

/** Fetched ahead, so that moving on shows the next hand-in at once. */
const AHEAD = 2;

/**
 * 批改: one hand-in beside the grading panel, and 上一份 / 下一份 through the list the teacher
 * came from (same filter and order) without a page load: the neighbours' hand-ins are fetched
 * ahead, so the next one is on screen as soon as the key is pressed.
 */
export function GradingPage({ area, studentWorkId, search }: GradingPageProps) {
  const schoolId = useSchoolId();
  const paths = HOMEWORK_PATHS[area];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: detail } = useSuspenseQuery(finishDetailQuery(schoolId, studentWorkId));
  const workId = search.workId ?? detail.workId;
  const { data: work } = useSuspenseQuery(finishWorkQuery(schoolId, workId));
  const listSearch = useMemo(() => ({ ...search, workId }), [search, workId]);
  const params = useMemo(() => finishListParams(search), [search]);
  const list = useInfiniteQuery({
    ...finishListQuery(schoolId, workId, params),
    // the list as the teacher left it: a grade patches its rows, nothing reorders it meanwhile
    staleTime: Infinity,
    refetchOnMount: false,
  });
  const rows = useMemo(() => rowsOf(list.data), [list.data]);
  const index = rows.findIndex((row) => row.studentWorkId === studentWorkId);
  const total = list.data?.pages[0]?.total;
  const pending = list.data?.pages[0]?.counts.submittedCount;
  const previousId = index > 0 ? rows[index - 1]?.studentWorkId : undefined;
  const nextId = index >= 0 ? rows[index + 1]?.studentWorkId : undefined;

  // Further rows of the list: this hand-in is not among those loaded yet, or is near their end.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const wantMore = hasNextPage && !isFetchingNextPage && (index === -1 || index >= rows.length - 1 - AHEAD);
  useEffect(() => {
    if (wantMore) void fetchNextPage();
  }, [wantMore, fetchNextPage]);

  // The neighbours' hand-ins, ahead of the teacher.
  const ahead = useMemo(
    () =>
      index < 0
        ? []
        : [index - 1, ...Array.from({ length: AHEAD }, (_, step) => index + 1 + step)]
            .map((at) => rows[at]?.studentWorkId)
            .filter((id): id is string => id !== undefined),
    [rows, index],
  );
  useEffect(() => {
    for (const id of ahead) void queryClient.prefetchQuery(finishDetailQuery(schoolId, id));
  }, [ahead, queryClient, schoolId]);

  // Once the teacher moves on, each next panel takes the cursor into 分数.
  const [moving, setMoving] = useState(false);
  const go = (id: string | undefined) => {
    if (!id) return;
    setMoving(true);
    // replace: the browser's back button returns to the list, not through every student seen
    void navigate({ to: paths.grade, params: { studentWorkId: id }, search: listSearch, replace: true });
  };

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    // a dialog (the unsaved-changes question, a preview) keeps its keys
    if (target?.closest('[role="dialog"]')) return;
    const typing = target?.closest('input, textarea, select, [contenteditable="true"]') != null;
    let to: string | undefined | null = null;
    if (event.altKey && event.key === 'ArrowRight') to = nextId;
    else if (event.altKey && event.key === 'ArrowLeft') to = previousId;
    else if (!event.altKey && !typing && event.key.toLowerCase() === 'j') to = nextId;
    else if (!event.altKey && !typing && event.key.toLowerCase() === 'k') to = previousId;
    if (to === null) return;
    event.preventDefault();
    go(to);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Anchor
              size="sm"
              c="dimmed"
              renderRoot={(props) => <Link {...props} to={paths.complete} search={listSearch} />}
            >
              <Group gap={4} component="span">
                <IconArrowLeft size={14} aria-hidden />
                返回完成情况
              </Group>
            </Anchor>
            <Title order={1} fz="h2" mt={4} style={{ overflowWrap: 'anywhere' }}>
              批改：{work.title}
            </Title>
          </div>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" className={classes.statusLine} aria-live="polite">
              {list.isError
                ? '列表没有加载，上一份 / 下一份暂不可用'
                : `${index >= 0 && total !== undefined ? `第 ${index + 1} / ${total} 份` : '第 – / – 份'} · 待批改 ${pending ?? '–'}`}
            </Text>
            <Group gap="sm" wrap="nowrap">
              <Button
                variant="default"
                leftSection={<IconChevronLeft size={16} aria-hidden />}
                disabled={!previousId}
                aria-keyshortcuts="Alt+ArrowLeft K"
                onClick={() => go(previousId)}
              >
                上一份
              </Button>
              <Button
                variant="default"
                rightSection={<IconChevronRight size={16} aria-hidden />}
                disabled={!nextId}
                aria-keyshortcuts="Alt+ArrowRight J"
                onClick={() => go(nextId)}
              >
                下一份
              </Button>
            </Group>
          </Group>
        </Group>
        {/* a phone has no keyboard to speak of: the buttons serve there */}
        <Text size="xs" c="dimmed" visibleFrom="sm">
          快捷键：<Kbd size="xs">Alt</Kbd> + <Kbd size="xs">←</Kbd> 上一份 · <Kbd size="xs">Alt</Kbd> +{' '}
          <Kbd size="xs">→</Kbd> 下一份（光标不在输入框时也可按 <Kbd size="xs">K</Kbd> /{' '}
          <Kbd size="xs">J</Kbd>） · <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> 保存评分
        </Text>

        <div className={classes.layout}>
          <SubmissionView detail={detail} />
          <div className={classes.panel}>
            <GradingPanel
              // one form per hand-in: what is typed for one student never shows on another
              key={detail.studentWorkId}
              schoolId={schoolId}
              detail={detail}
              work={work}
              onNext={nextId ? () => go(nextId) : undefined}
              focusScore={moving}
            />
          </div>
        </div>
      </Stack>
    </Container>
  );
}
