import '@mantine/core/styles/Table.layer.css';
import type { UserGroupImportResult } from '@dfrm/sdk/user';
import { Alert, Anchor, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bindByFileMutation, downloadMemberTemplateMutation } from '@/features/admin/api/admin-mutations';
import { useSessionApi } from '@/shared/session/session-context';

const MAX_BYTES = 5 * 1024 * 1024;

/** 按 Excel 绑定: download the template, upload it filled in, see what was bound and which rows failed. */
export function BindFileModal({
  opened,
  groupId,
  onClose,
}: {
  opened: boolean;
  groupId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const session = useSessionApi();
  const template = useMutation(downloadMemberTemplateMutation(() => session.auth()));
  const upload = useMutation(bindByFileMutation(queryClient, groupId));
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<UserGroupImportResult | null>(null);

  const close = () => {
    setFile(null);
    setRefusal(null);
    setResult(null);
    onClose();
  };
  const choose = (chosen: File | null) => {
    setResult(null);
    setRefusal(null);
    if (chosen && !chosen.name.toLowerCase().endsWith('.xlsx')) {
      setRefusal('请选择 .xlsx 格式的 Excel 文件');
      setFile(null);
    } else if (chosen && chosen.size > MAX_BYTES) {
      setRefusal('文件不能超过 5 MB');
      setFile(null);
    } else setFile(chosen);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="按 Excel 绑定成员"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          按模板填写：账号（或手机号）、姓名（仅供核对）、组内角色（0 普通成员，1 组管理员，空为 0）。
          <Anchor component="button" type="button" size="sm" ml={4} onClick={() => template.mutate()}>
            下载导入模板
          </Anchor>
        </Text>
        <FileInput
          label="成员 Excel 文件"
          placeholder="选择 .xlsx 文件（不超过 5 MB）"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={choose}
          clearable
          error={refusal}
        />
        {result ? (
          <Alert
            color={result.failedRows.length ? 'orange' : 'teal'}
            variant="light"
            icon={
              result.failedRows.length ? (
                <IconAlertTriangle size={18} aria-hidden />
              ) : (
                <IconCheck size={18} aria-hidden />
              )
            }
            title={`共 ${result.totalRows} 行：新加入 ${result.bound} 人，修改角色 ${result.updated} 人，失败 ${result.failedRows.length} 行`}
          >
            {result.failedRows.length ? (
              <Table aria-label="绑定失败的行" fz="sm" mt="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>行号</Table.Th>
                    <Table.Th>账号</Table.Th>
                    <Table.Th>原因</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.failedRows.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>{row.account}</Table.Td>
                      <Table.Td>{row.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              '全部绑定成功。'
            )}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {result ? '完成' : '取消'}
          </Button>
          <Button
            leftSection={<IconUpload size={16} aria-hidden />}
            disabled={!file}
            loading={upload.isPending}
            onClick={() => {
              if (file) upload.mutate(file, { onSuccess: setResult });
            }}
          >
            开始绑定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
