import type { StudentWorkBrief, WorkGroupMember } from '@dfrm/sdk/tms';

/** Who handed in: the group, or the student with their number. */
export function whoOf(row: Pick<StudentWorkBrief, 'groupName' | 'student'>): string {
  return row.groupName || `${row.student.studentName}（${row.student.studentNumber}）`;
}

/** A group's members in one line, the leader marked. */
export function membersText(members: readonly WorkGroupMember[]): string {
  return members
    .map((member) => (member.isLeader ? `${member.studentName}（组长）` : member.studentName))
    .join('、');
}
