import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { CourseSection, CourseSectionImportError, CourseSectionImportResult } from '@dfrm/sdk/tms';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { openConfirmModal } from '@/shared/overlays';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconDownload,
  IconFileSpreadsheet,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession, useSessionApi } from '@/shared/session/session-context';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import {
  clearSectionsMutation,
  deleteSectionMutation,
  downloadSectionTemplateMutation,
  uploadSectionsMutation,
} from '@/features/teaching-class/api/course-mutations';
import { sectionsQuery } from '@/features/teaching-class/api/course-queries';
import { tableQueryState } from '@/components/data-table/query-state';

const MODES = [
  { value: 'replace', label: '替换现有章节' },
  { value: 'append', label: '追加（同序号更新）' },
];

const errorCol = dataTableColumnHelper<CourseSectionImportError>();
const errorColumns = errorCol.columns([
  errorCol.accessor('rowNumber', { header: '行号', sortFn: 'basic', meta: { width: 80 } }),
  errorCol.accessor((error) => error.column ?? '整行', { id: 'column', header: '列', meta: { width: 140 } }),
  errorCol.accessor('reason', { header: '原因', enableSorting: false }),
]);

/** 课程章节: the list, Excel import (template, replace or append), delete and clear. */
export function SectionsPanel({ schoolId, courseId }: { schoolId: string; courseId: string }) {
  const queryClient = useQueryClient();
  const session = useSessionApi();
  const { user } = useSession();
  const sections = useQuery(sectionsQuery(schoolId, courseId));
  const upload = useMutation(uploadSectionsMutation(queryClient));
  const removeOne = useMutation(deleteSectionMutation(queryClient));
  const clearAll = useMutation(clearSectionsMutation(queryClient));
  const template = useMutation(downloadSectionTemplateMutation(() => session.auth()));
  const [mode, setMode] = useState<'replace' | 'append'>('replace');
  const [result, setResult] = useState<CourseSectionImportResult | null>(null);
  const count = sections.data?.length ?? 0;

  const send = (file: File) =>
    upload.mutate(
      { schoolId, courseId, teacherId: user?.userId ?? '', file, mode },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (answer.success)
            notifications.show({ color: 'teal', message: `已导入 ${answer.importedNum} 个章节` });
        },
      },
    );

  const pick = (file: File | null) => {
    if (!file) return;
    setResult(null);
    if (!file.name.toLowerCase().endsWith('.xlsx')) {
      notifications.show({ color: 'red', message: '请选择按模板填写的 .xlsx 文件' });
      return;
    }
    if (mode === 'replace' && count > 0) {
      openConfirmModal({
        title: '替换章节',
        children: <Text size="sm">导入会先清空现有的 {count} 个章节，再导入文件中的章节。确定继续吗？</Text>,
        labels: { confirm: '替换并导入', cancel: '取消' },
        confirmProps: { color: 'red' },
        onConfirm: () => send(file),
      });
    } else send(file);
  };

  const { mutate: removeSection } = removeOne;
  const columns = useMemo(() => {
    const col = dataTableColumnHelper<CourseSection>();
    return col.columns([
      col.accessor('sortNo', { header: '序号', sortFn: 'basic', meta: { width: 70 } }),
      col.accessor('sectionName', { header: '章节名称', sortFn: 'zh', meta: { width: 220 } }),
      col.accessor((section) => section.classDate ?? '', {
        id: 'classDate',
        header: '上课日期',
        sortFn: 'text',
        meta: { width: 120 },
        cell: ({ getValue }) => getValue() || '未安排',
      }),
      col.display({
        id: 'time',
        header: '时间',
        meta: { width: 120 },
        cell: ({ row }) =>
          row.original.startTime && row.original.endTime
            ? `${row.original.startTime}–${row.original.endTime}`
            : '—',
      }),
      col.accessor('location', { header: '地点', enableSorting: false, meta: { width: 140 } }),
      col.accessor('description', { header: '说明', enableSorting: false }),
      col.display({
        id: 'actions',
        header: '操作',
        meta: { width: 70, align: 'center' },
        cell: ({ row }) => (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`删除章节「${row.original.sectionName}」`}
            title="删除"
            onClick={() =>
              openConfirmModal({
                title: '删除章节',
                children: <Text size="sm">确定删除章节「{row.original.sectionName}」吗？</Text>,
                labels: { confirm: '删除', cancel: '取消' },
                confirmProps: { color: 'red' },
                onConfirm: () =>
                  removeSection(
                    { schoolId, sectionId: row.original.sectionId },
                    { onSuccess: () => notifications.show({ color: 'teal', message: '已删除章节' }) },
                  ),
              })
            }
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        ),
      }),
    ]);
  }, [schoolId, removeSection]);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="课程章节">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="h4">
            课程章节
          </Title>
          <Group gap="xs">
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={template.isPending}
              onClick={() => template.mutate()}
            >
              下载模板
            </Button>
            <Select
              aria-label="导入方式"
              data={MODES}
              value={mode}
              onChange={(value) => setMode(value === 'append' ? 'append' : 'replace')}
              allowDeselect={false}
              w={190}
              size="sm"
            />
            <FileButton
              onChange={pick}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              inputProps={{ 'aria-label': '章节 Excel 文件' }}
            >
              {(props) => (
                <Button
                  {...props}
                  size="sm"
                  leftSection={<IconUpload size={16} aria-hidden />}
                  loading={upload.isPending}
                >
                  导入章节
                </Button>
              )}
            </FileButton>
            <Button
              variant="light"
              color="red"
              size="sm"
              disabled={count === 0}
              loading={clearAll.isPending}
              onClick={() =>
                openConfirmModal({
                  title: '清空章节',
                  children: (
                    <Text size="sm">
                      确定删除这门课程的全部 {count} 个章节吗？课表中的上课安排也会随之消失。
                    </Text>
                  ),
                  labels: { confirm: '清空', cancel: '取消' },
                  confirmProps: { color: 'red' },
                  onConfirm: () =>
                    clearAll.mutate(
                      { schoolId, courseId },
                      {
                        onSuccess: (answer) =>
                          notifications.show({
                            color: 'teal',
                            message: `已清空 ${answer.deletedNum} 个章节`,
                          }),
                      },
                    ),
                })
              }
            >
              清空
            </Button>
          </Group>
        </Group>

        {result && !result.success ? (
          <Stack gap="xs">
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="导入失败，没有导入任何章节"
              withCloseButton
              closeButtonLabel="关闭"
              onClose={() => setResult(null)}
            >
              文件中有 {result.errors.length} 处错误，请按下表修改后重新导入。
            </Alert>
            <DataTable
              label="章节导入错误"
              columns={errorColumns}
              data={result.errors}
              getRowId={(error) => `${error.rowNumber}:${error.column ?? ''}:${error.reason}`}
            />
          </Stack>
        ) : null}

        <DataTable
          label="章节列表"
          columns={columns}
          data={sections.data ?? EMPTY}
          getRowId={(section) => section.sectionId}
          {...tableQueryState(sections)}
          empty={
            <Stack align="center" gap={4}>
              <IconFileSpreadsheet size={28} color="var(--mantine-color-gray-5)" aria-hidden />
              <Text c="dimmed" size="sm">
                还没有章节。下载模板填写后导入。
              </Text>
            </Stack>
          }
        />
      </Stack>
    </Paper>
  );
}

const EMPTY: CourseSection[] = [];
