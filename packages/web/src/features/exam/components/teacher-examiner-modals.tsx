import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import type { ExamExaminersImportResponse, Examiner } from '@dfrm/sdk/tms';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { XlsxDrop } from '@/components/file-drop/xlsx-drop';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconSearch, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import {
  addExaminersMutation,
  downloadExaminerTemplateMutation,
  extraTimeMutation,
  importExaminersMutation,
} from '@/features/exam/api/teacher-exam-mutations';
import { examStudentSearchQuery } from '@/features/exam/api/teacher-exam-queries';
import { errorMessage } from '@/shared/error-notifications';
import { useSessionApi } from '@/shared/session/session-context';

/** 添加考生: find students of the teacher's classes by name or number and add the ticked ones. */
export function AddExaminersModal({
  opened,
  onClose,
  schoolId,
  examId,
}: {
  opened: boolean;
  onClose: () => void;
  schoolId: string;
  examId: string;
}) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const students = useQuery({ ...examStudentSearchQuery(schoolId, keyword), enabled: opened });
  const add = useMutation(addExaminersMutation());
  const close = () => {
    setChosen(new Map());
    setSearch('');
    onClose();
  };
  const toggle = (userId: string, label: string, checked: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (checked) next.set(userId, label);
      else next.delete(userId);
      return next;
    });

  return (
    <Modal opened={opened} onClose={close} title="添加考生" size="lg">
      <Stack gap="md">
        <TextInput
          label="查找学生"
          placeholder="输入姓名或学号"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <Stack gap={6} mih={160} aria-busy={students.isFetching}>
          {students.isError ? (
            <Text size="sm" c="red" role="alert">
              学生列表读取失败：{errorMessage(students.error)}
            </Text>
          ) : students.data && students.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              没有匹配的学生（只能添加您任教班级的学生）。
            </Text>
          ) : (
            (students.data ?? []).map((student) => {
              const label = `${student.studentName}（${student.studentNumber}，${student.className}）`;
              return (
                <Checkbox
                  key={student.userId}
                  label={label}
                  checked={chosen.has(student.userId)}
                  onChange={(event) =>
                    toggle(student.userId, student.studentName, event.currentTarget.checked)
                  }
                />
              );
            })
          )}
        </Stack>
        <Text size="sm" c="dimmed" aria-live="polite">
          {chosen.size > 0
            ? `已选择：${[...chosen.values()].join('、')}`
            : '勾选要加入名单的学生，已在名单中的会跳过。'}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            取消
          </Button>
          <Button
            disabled={chosen.size === 0}
            loading={add.isPending}
            onClick={() =>
              add.mutate(
                { examId, userIds: [...chosen.keys()] },
                {
                  onSuccess: (result) => {
                    const skipped = result.skippedUserIds.length;
                    notifications.show({
                      color: 'teal',
                      message: `已加入 ${result.addedCount} 名考生${skipped ? `，${skipped} 名已在名单中` : ''}`,
                    });
                    close();
                  },
                },
              )
            }
          >
            加入名单{chosen.size > 0 ? `（${chosen.size}）` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const MAX_BYTES = 2 * 1024 * 1024;

type ImportFailure = ExamExaminersImportResponse['failures'][number];
const failureColumn = dataTableColumnHelper<ImportFailure>();
const failureColumns = failureColumn.columns([
  failureColumn.accessor('row', { header: '行号', sortFn: 'basic', meta: { width: 72 } }),
  failureColumn.accessor('studentNumber', { header: '学号', meta: { width: 140 } }),
  failureColumn.accessor('reason', { header: '原因', enableSorting: false }),
]);

/**
 * 导入考生: the template's .xlsx (学号, 姓名). Each row stands on its own: matched students join,
 * those already listed are skipped, and the rows that could not be matched are listed by row.
 */
export function ImportExaminersModal({
  opened,
  onClose,
  examId,
}: {
  opened: boolean;
  onClose: () => void;
  examId: string;
}) {
  const session = useSessionApi();
  const upload = useMutation(importExaminersMutation());
  const template = useMutation(downloadExaminerTemplateMutation(() => session.auth()));
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<ExamExaminersImportResponse | null>(null);
  const close = () => {
    setFile(null);
    setRefusal(null);
    setResult(null);
    upload.reset();
    onClose();
  };
  const submit = () => {
    if (!file) return;
    setResult(null);
    setRefusal(null);
    upload.mutate(
      { examId, file },
      {
        onSuccess: (answer) => {
          if (answer.failures.length === 0) {
            notifications.show({
              color: 'teal',
              message: `已导入 ${answer.addedCount} 名考生${answer.skippedCount ? `，${answer.skippedCount} 名已在名单中` : ''}`,
            });
            close();
          } else setResult(answer);
        },
        onError: (error) => setRefusal(errorMessage(error)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="导入考生" size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          请按模板填写学号和姓名，按学号匹配本校学生。
          <Anchor component="button" type="button" size="sm" ml={4} onClick={() => template.mutate()}>
            下载导入模板
          </Anchor>
        </Text>
        <XlsxDrop
          file={file}
          onChange={(picked) => {
            setRefusal(null);
            setResult(null);
            setFile(picked);
          }}
          maxBytes={MAX_BYTES}
          limits="最多 5000 行"
          label="考生名单 Excel 文件"
        />
        {refusal ? (
          <Text size="sm" c="red" role="alert">
            {refusal}
          </Text>
        ) : null}
        {result ? (
          <Stack gap="xs">
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={`已导入 ${result.addedCount} 名，跳过 ${result.skippedCount} 名已在名单中的考生`}
            >
              {result.failures.length} 行没有导入，请按下表核对学号和姓名后，只把这些行重新导入。
            </Alert>
            <DataTable
              label="未导入的行"
              columns={failureColumns}
              data={result.failures}
              getRowId={(failure) => `${failure.row}`}
              height={240}
              virtualizeAfter={50}
            />
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {result ? '关闭' : '取消'}
          </Button>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!file}
            loading={upload.isPending}
            onClick={submit}
          >
            开始导入
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 延长时间 for one student: minutes on top of the duration (0 takes it back). */
export function ExtraTimeModal({
  examId,
  examiner,
  onClose,
}: {
  examId: string;
  examiner: Examiner | null;
  onClose: () => void;
}) {
  const extra = useMutation(extraTimeMutation());
  const [minutes, setMinutes] = useState<number | string>(examiner?.extraMinutes ?? 0);
  const [refusal, setRefusal] = useState<string | null>(null);
  const valid = typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 0 && minutes <= 600;
  const close = () => {
    setRefusal(null);
    extra.reset();
    onClose();
  };
  return (
    <Modal opened={examiner !== null} onClose={close} title="延长作答时间">
      {examiner ? (
        <Stack gap="md">
          <Text size="sm">
            为 {examiner.studentName}（{examiner.studentNumber}
            ）延长作答时间：作答中的考生立即按新的截止时刻计时，可在考试结束后继续作答；已交卷的考生不受影响。
          </Text>
          <NumberInput
            label="延长分钟数"
            description="0 表示取消延长，最多 600 分钟。"
            min={0}
            max={600}
            allowDecimal={false}
            allowNegative={false}
            value={minutes}
            onChange={setMinutes}
            error={valid ? undefined : '请输入 0 到 600 的整数'}
            data-autofocus
          />
          {refusal ? (
            <Text size="sm" c="red" role="alert">
              {refusal}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              取消
            </Button>
            <Button
              disabled={!valid}
              loading={extra.isPending}
              onClick={() =>
                extra.mutate(
                  { examId, userIds: [examiner.userId], extraMinutes: Number(minutes) },
                  {
                    onSuccess: (result) => {
                      notifications.show({
                        color: result.skippedUserIds.length > 0 ? 'orange' : 'teal',
                        message:
                          result.skippedUserIds.length > 0
                            ? `${examiner.studentName} 已交卷，延长时间没有改动`
                            : Number(minutes) === 0
                              ? `已取消 ${examiner.studentName} 的延长时间`
                              : `已为 ${examiner.studentName} 延长 ${minutes} 分钟`,
                      });
                      close();
                    },
                    onError: (error) => setRefusal(errorMessage(error)),
                  },
                )
              }
            >
              保存
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
