import '@mantine/core/styles/Badge.layer.css';
import type { MyWorkDetail, MyWorkSaveResult } from '@dfrm/sdk/tms';
import { ErrCode, isApiError } from '@dfrm/sdk';
import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconClockExclamation, IconInfoCircle } from '@tabler/icons-react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { BackLink } from '@/components/page/back-link';
import { preloadRichTextView, RichTextView } from '@/components/rich-text/rich-text-view';
import { serverNow, observeServerTime, useServerTimeReached } from '@/lib/server-clock';
import { errorMessage, notifyError } from '@/shared/error-notifications';
import { formatInstant } from '@/shared/format';
import { STUDENT_WORK_STATUS_LABELS, COURSE_WORK_GROUP_MODE_LABELS } from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { ensureSchoolId, useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';
import type { AnswerDraft, SaveRequest } from '@/features/homework/api/answer-saver';
import { HAND_IN_INVALIDATES } from '@/features/homework/api/my-work-mutations';
import { myWorkDetailQuery, myWorkKeys } from '@/features/homework/api/my-work-queries';
import { type AnswerStart, AnswerEditor } from '@/features/homework/components/student-answer-editor';
import { WorkDeadline } from '@/features/homework/components/student-work-deadline';
import {
  useWorkFileActions,
  type WorkFileActions,
  WorkFileList,
} from '@/features/homework/components/student-work-files';
import { WorkResult } from '@/features/homework/components/student-work-result';
import { FreeGroupPanel } from '@/features/homework/components/free-group-panel';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { lateDaysAt, latePenaltyNotice } from '@/features/homework/student-work-time';
import { StudentWorkDetailSkeleton } from './student-work-skeletons';

/**
 * The homework page's loader in both areas: the work (one that cannot be read is told on the
 * page, not as a failed route) and the sanitizer its rich-text requirement is drawn with.
 */
export async function loadStudentWorkPage(
  queryClient: QueryClient,
  workId: string | undefined,
): Promise<void> {
  if (!workId) return;
  const schoolId = await ensureSchoolId(queryClient);
  await Promise.all([queryClient.prefetchQuery(myWorkDetailQuery(schoolId, workId)), preloadRichTextView()]);
}

export interface StudentWorkDetailPageProps {
  area: TeachingArea;
  workId?: string | undefined;
  /** Where 返回 leads (a class page's 作业 tab); the area's 我的作业 otherwise. */
  returnTo?: string | undefined;
}

const STATUS_COLORS = { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'orange' } as const;

/** 作业详情 for a student: what the teacher asks, until when, the answer (saved as it is written), the result. */
export function StudentWorkDetailPage({ area, workId, returnTo }: StudentWorkDetailPageProps) {
  const back = (
    <Anchor
      renderRoot={(props) =>
        returnTo ? (
          <BackLink {...props} href={returnTo} />
        ) : (
          <Link {...props} to={HOMEWORK_PATHS[area].studentList} />
        )
      }
      size="sm"
      c="dimmed"
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {returnTo ? '返回课程' : '返回我的作业'}
      </Group>
    </Anchor>
  );
  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <div>{back}</div>
        {workId ? (
          <WorkDetail workId={workId} />
        ) : (
          <LoadError title="没有指定作业" error="请从“我的作业”列表打开一份作业。" />
        )}
      </Stack>
    </Container>
  );
}

function WorkDetail({ workId }: { workId: string }) {
  const schoolId = useSchoolId();
  const query = useQuery(myWorkDetailQuery(schoolId, workId));
  if (query.data) return <WorkDetailBody schoolId={schoolId} detail={query.data} />;
  if (query.isError) {
    return <LoadError title="作业加载失败" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <StudentWorkDetailSkeleton embedded />;
}

/** The draft the page could not save, kept to show the student (never written over silently). */
interface Stash {
  draft: AnswerDraft;
  /** conflict: another tab or group member saved first; refused: the server would not take it. */
  kind: 'conflict' | 'refused';
  error: unknown;
}

function startOf(detail: MyWorkDetail): AnswerStart {
  const { myWork } = detail;
  return {
    revision: myWork.revision,
    savedAt: myWork.savedAt,
    draft: {
      content: myWork.content,
      attachments: myWork.attachments.map(({ fileName, filePath, fileSize }) => ({
        fileName,
        filePath,
        fileSize,
      })),
    },
  };
}

function WorkDetailBody({ schoolId, detail }: { schoolId: string; detail: MyWorkDetail }) {
  const { work, myWork } = detail;
  const queryClient = useQueryClient();
  const files = useWorkFileActions();
  const detailKey = myWorkKeys.detail(schoolId, work.workId);
  const started = useServerTimeReached(work.startTime);
  // the server refuses a save once its clock is past endTime
  const closed = useServerTimeReached(work.endTime + 1);
  const [editor, setEditor] = useState<{ key: number; start: AnswerStart } | null>(null);
  const [stash, setStash] = useState<Stash | null>(null);

  const policy = {
    allowLate: work.allowLate,
    latePenaltyPerDay: work.latePenaltyPerDay,
    lateScoreFloor: work.lateScoreFloor,
    totalScore: work.totalScore,
  };
  const isGroup = work.groupMode === 1;
  const answerable = myWork.status === 0 || myWork.status === 3;
  const blocked =
    work.type === 2
      ? 'strategy'
      : isGroup && !myWork.group
        ? 'no-team'
        : !started
          ? 'not-started'
          : closed && !work.allowLate
            ? 'closed'
            : null;
  const editing = answerable && blocked === null;

  // the deadline passed while the page was open: show what the server holds from now on
  const wasClosed = useRef(closed);
  useEffect(() => {
    if (closed && !wasClosed.current) {
      void queryClient.invalidateQueries({ queryKey: myWorkKeys.detail(schoolId, work.workId) });
    }
    wasClosed.current = closed;
  }, [closed, queryClient, schoolId, work.workId]);

  const fileUrls = useMemo(
    () => new Map(myWork.attachments.map((file) => [file.filePath, file.url] as const)),
    [myWork.attachments],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: detailKey });

  async function reloadAfterConflict(error: unknown, draft: AnswerDraft) {
    setStash({ draft, kind: 'conflict', error });
    try {
      const fresh = await queryClient.fetchQuery({
        ...myWorkDetailQuery(schoolId, work.workId),
        staleTime: 0,
      });
      setEditor((current) => ({ key: (current?.key ?? 0) + 1, start: startOf(fresh) }));
    } catch (reloadError) {
      notifyError(reloadError);
    }
  }

  function keepMine() {
    if (!stash) return;
    const fresh = startOf(detail);
    setEditor((current) => ({
      key: (current?.key ?? 0) + 1,
      start: { ...fresh, draft: stash.draft, unsaved: true },
    }));
    setStash(null);
  }

  function onAck(ack: MyWorkSaveResult, request: SaveRequest) {
    observeServerTime(ack.savedAt);
    // new files get their download paths from the server's answer
    if (request.attachments.some((file) => !fileUrls.has(file.filePath))) void refresh();
  }

  function onRefused(error: unknown, draft: AnswerDraft) {
    setStash({ draft, kind: 'refused', error });
    // refused because something changed (deadline, handed in by a teammate): show it
    if (isApiError(error) && error.errCode !== ErrCode.invalidInput) void refresh();
  }

  async function onSubmitted(ack: MyWorkSaveResult) {
    observeServerTime(ack.savedAt);
    notifications.show({ color: 'teal', message: ack.isLate ? '作业已提交（迟交）' : '作业已提交' });
    setStash(null);
    await Promise.all(HAND_IN_INVALIDATES.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }

  function onSubmitRefused(error: unknown) {
    notifyError(error);
    if (isApiError(error) && error.errCode !== ErrCode.invalidInput) void refresh();
  }

  function confirmSubmit(): Promise<boolean> {
    const now = serverNow();
    const lateDays = now > work.endTime ? lateDaysAt(now, work.endTime) : 0;
    return new Promise((resolve) =>
      openConfirmModal({
        title: myWork.status === 3 ? '重新提交作业' : '提交作业',
        centered: true,
        children: (
          <Stack gap="xs">
            <Text size="sm">
              提交后答案不能再修改，老师退回后才能重新提交。{isGroup ? '小组作业提交后对全组生效。' : ''}
            </Text>
            {lateDays > 0 ? (
              <Text size="sm" c="orange.9" fw={600}>
                {latePenaltyNotice(policy, lateDays)}
              </Text>
            ) : null}
          </Stack>
        ),
        labels: { confirm: '提交', cancel: '取消' },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      }),
    );
  }

  const start = editor?.start ?? startOf(detail);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {work.title}
        </Title>
        <Group gap="xs" mt="xs">
          <Badge variant="light" radius="sm" tt="none" fw={500}>
            {work.courseName}
          </Badge>
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
            {COURSE_WORK_GROUP_MODE_LABELS[work.groupMode]}
          </Badge>
          <Badge variant="light" color={STATUS_COLORS[myWork.status]} radius="sm" tt="none" fw={500}>
            {STUDENT_WORK_STATUS_LABELS[myWork.status]}
          </Badge>
          {myWork.isLate ? (
            <Badge variant="light" color="orange" radius="sm" tt="none" fw={500}>
              迟交 {myWork.lateDays} 天
            </Badge>
          ) : null}
          <Text size="sm" c="dimmed">
            满分 {work.totalScore} 分 · {work.teacher.realName || work.teacher.userName} 布置
          </Text>
        </Group>
      </div>

      <Paper withBorder radius="lg" p="lg">
        <WorkDeadline startTime={work.startTime} endTime={work.endTime} policy={policy} started={started} />
      </Paper>

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="work-requirement-title">
        <Title order={2} fz="h4" id="work-requirement-title">
          作业要求
        </Title>
        <Stack gap="md" mt="sm">
          {work.content ? (
            <RichTextView html={work.content} label="作业要求" />
          ) : (
            <Text size="sm" c="dimmed">
              老师没有填写文字要求。
            </Text>
          )}
          {work.attachments.length > 0 ? (
            <div>
              <Text size="sm" fw={600} mb={6}>
                作业附件
              </Text>
              <WorkFileList label="作业附件" files={work.attachments} actions={files} />
            </div>
          ) : null}
          {work.resources.length > 0 ? (
            <div>
              <Text size="sm" fw={600} mb={6}>
                参考资源
              </Text>
              <Text size="sm">{work.resources.map((resource) => resource.name).join('、')}</Text>
            </div>
          ) : null}
        </Stack>
      </Paper>

      {isGroup && work.workGroupId ? (
        <FreeGroupPanel schoolId={schoolId} workId={work.workId} workGroupId={work.workGroupId} />
      ) : null}

      <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="my-answer-title">
        <Title order={2} fz="h4" id="my-answer-title">
          {isGroup ? '小组的答案' : '我的答案'}
        </Title>
        <Stack gap="md" mt="sm">
          {stash && (stash.kind === 'conflict' || !editing) ? (
            <StashNotice stash={stash} canKeep={editing} onKeep={keepMine} onDismiss={() => setStash(null)} />
          ) : null}
          {editing ? (
            <>
              {myWork.status === 3 ? (
                <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />} title="作业被退回">
                  老师退回了这份作业，请修改后重新提交。
                </Alert>
              ) : null}
              {closed ? (
                <Alert
                  color="orange"
                  icon={<IconClockExclamation size={18} aria-hidden />}
                  title="已过截止时间"
                >
                  这份作业允许迟交，现在保存和提交都记为迟交。
                </Alert>
              ) : null}
              <AnswerEditor
                key={editor?.key ?? 0}
                schoolId={schoolId}
                studentWorkId={myWork.studentWorkId}
                start={start}
                fileUrls={fileUrls}
                files={files}
                submitLabel={myWork.status === 3 ? '重新提交' : '提交作业'}
                confirmSubmit={confirmSubmit}
                onSubmitted={onSubmitted}
                onSubmitRefused={onSubmitRefused}
                onAck={onAck}
                onConflict={(error, draft) => void reloadAfterConflict(error, draft)}
                onRefused={onRefused}
              />
            </>
          ) : (
            <AnswerReadOnly detail={detail} blocked={answerable ? blocked : null} files={files} />
          )}
        </Stack>
      </Paper>

      <WorkResult schoolId={schoolId} detail={detail} />
      {files.viewer}
    </Stack>
  );
}

/** Why the page could not keep the student's last changes, with them to look at (and keep, after a conflict). */
function StashNotice({
  stash,
  canKeep,
  onKeep,
  onDismiss,
}: {
  stash: Stash;
  canKeep: boolean;
  onKeep: () => void;
  onDismiss: () => void;
}) {
  const [shown, setShown] = useState(false);
  const conflict = stash.kind === 'conflict';
  return (
    <Alert
      color={conflict ? 'yellow' : 'red'}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={conflict ? '答案已在别处更新' : '最近的修改没有保存'}
    >
      <Stack gap="xs">
        <Text size="sm">
          {conflict
            ? '另一个标签页或同组同学刚刚保存了这份作业，下面已换成服务器上的最新答案。你在这里的修改没有写入，也没有覆盖别人的答案。'
            : `服务器没有接受最近的修改：${errorMessage(stash.error)}`}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" color="dark" onClick={() => setShown((value) => !value)}>
            {shown ? '收起我的修改' : '查看我的修改'}
          </Button>
          {conflict && canKeep ? (
            <Button size="xs" variant="light" color="dark" onClick={onKeep}>
              改用我的修改
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="dark" onClick={onDismiss}>
            知道了
          </Button>
        </Group>
        {shown ? (
          <Paper withBorder radius="md" p="sm" bg="white">
            {stash.draft.content ? (
              <RichTextView html={stash.draft.content} label="我的修改" />
            ) : (
              <Text size="sm" c="dimmed">
                （没有文字）
              </Text>
            )}
            {stash.draft.attachments.length > 0 ? (
              <Text size="xs" c="dimmed" mt="xs">
                附件：{stash.draft.attachments.map((file) => file.fileName).join('、')}
              </Text>
            ) : null}
          </Paper>
        ) : null}
      </Stack>
    </Alert>
  );
}

const BLOCKED_TEXT = {
  strategy: {
    title: '策略作业',
    text: '策略作业需要从你的策略池中选择一个量化策略提交；策略池随量化实验室开放，目前还不能在这里提交。',
  },
  'no-team': { title: '暂时不能作答', text: '加入小组后才能作答。' },
  'not-started': { title: '作业还没有开始', text: '开始时间到了才能作答。' },
  closed: { title: '已截止', text: '作业已过截止时间，不能再保存或提交。' },
} as const;

/** The answer as the server holds it, when it cannot change now (handed in, closed, not started). */
function AnswerReadOnly({
  detail,
  blocked,
  files,
}: {
  detail: MyWorkDetail;
  blocked: keyof typeof BLOCKED_TEXT | null;
  files: WorkFileActions;
}) {
  const { myWork } = detail;
  const handedIn = myWork.status === 1 || myWork.status === 2;
  const hasAnswer = myWork.content !== '' || myWork.attachments.length > 0;
  return (
    <Stack gap="md">
      {blocked ? (
        <Alert
          color={blocked === 'closed' ? 'red' : 'yellow'}
          icon={<IconInfoCircle size={18} aria-hidden />}
          title={BLOCKED_TEXT[blocked].title}
        >
          {BLOCKED_TEXT[blocked].text}
        </Alert>
      ) : null}
      {handedIn ? (
        <Text size="sm">
          已提交于 {formatInstant(myWork.submitTime)}
          {myWork.isLate ? `（迟交 ${myWork.lateDays} 天）` : ''}。提交后不能修改，老师退回后才能重新提交。
        </Text>
      ) : myWork.savedAt ? (
        <Text size="sm" c="dimmed">
          最后保存于 {formatInstant(myWork.savedAt)}（未提交）
        </Text>
      ) : null}
      {hasAnswer ? (
        <>
          {myWork.content ? (
            <Paper bg="gray.0" radius="md" p="md">
              <RichTextView html={myWork.content} label="答案内容" />
            </Paper>
          ) : null}
          {myWork.attachments.length > 0 ? (
            <WorkFileList label="答案附件" files={myWork.attachments} actions={files} />
          ) : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {handedIn ? '答案是空的。' : '还没有作答。'}
        </Text>
      )}
    </Stack>
  );
}
