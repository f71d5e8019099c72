import { Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { groupMembersQuery } from '@/features/homework/api/group-queries';

export interface GroupMembersTarget {
  workGroupId: string;
  groupName: string;
}

interface MemberRow {
  studentId: string;
  teamName: string;
  studentNumber: string;
  studentName: string;
  className: string;
  role: '组长' | '组员' | '未分组';
}

const column = dataTableColumnHelper<MemberRow>();
const columns = column.columns([
  column.accessor('teamName', { header: '小组', enableSorting: false, meta: { width: 140 } }),
  column.accessor('studentNumber', { header: '学号', enableSorting: false, meta: { width: 120 } }),
  column.accessor('studentName', { header: '姓名', enableSorting: false, meta: { width: 110 } }),
  column.accessor('className', { header: '行政班', enableSorting: false }),
  column.accessor('role', { header: '身份', enableSorting: false, meta: { width: 80 } }),
]);

/** 查看成员: every team's members, then the course's 在读 students in no team, as one list. */
export function GroupMembersModal({
  schoolId,
  target,
  onClose,
}: {
  schoolId: string;
  target: GroupMembersTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={target ? `${target.groupName}：成员` : '成员'}
      centered
      size="xl"
    >
      {target ? <MembersTable schoolId={schoolId} workGroupId={target.workGroupId} /> : null}
    </Modal>
  );
}

function MembersTable({ schoolId, workGroupId }: { schoolId: string; workGroupId: string }) {
  const members = useQuery(groupMembersQuery(schoolId, workGroupId));
  const data = members.data;
  const rows = useMemo<MemberRow[]>(() => {
    if (!data) return [];
    return [
      ...data.teams.flatMap((team) =>
        team.members.map((member) => ({
          studentId: member.studentId,
          teamName: team.groupName,
          studentNumber: member.studentNumber,
          studentName: member.studentName,
          className: member.className,
          role: member.isLeader ? ('组长' as const) : ('组员' as const),
        })),
      ),
      ...data.ungrouped.map((student) => ({
        studentId: student.studentId,
        teamName: '未分组',
        studentNumber: student.studentNumber,
        studentName: student.studentName,
        className: student.className,
        role: '未分组' as const,
      })),
    ];
  }, [data]);

  return (
    <Stack gap="sm">
      {data ? (
        <Text size="sm" c="dimmed">
          {data.teams.length} 个小组，已分组 {rows.length - data.ungrouped.length} 人；未分组的在读学生{' '}
          {data.ungrouped.length} 人。
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          正在加载成员…
        </Text>
      )}
      <DataTable
        label="成员名单"
        columns={columns}
        data={rows}
        getRowId={(row) => row.studentId}
        {...tableQueryState(members)}
        empty={<Text size="sm">这门课程还没有在读学生。</Text>}
        height={420}
      />
    </Stack>
  );
}
