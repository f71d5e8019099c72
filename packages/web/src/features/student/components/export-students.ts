import type { StudentItem } from '@dfrm/sdk/tms';
import dayjs from 'dayjs';
import { formatInstant } from '@/shared/format';
import { saveBlob } from '@/lib/save-file';
import { STUDENT_GENDER_LABELS, STUDENT_STATUS_LABELS } from '@/shared/labels';

const HEADERS = [
  { header: '学号', width: 14 },
  { header: '姓名', width: 12 },
  { header: '性别', width: 6 },
  { header: '账号', width: 16 },
  { header: '学院', width: 16 },
  { header: '专业', width: 16 },
  { header: '年级', width: 10 },
  { header: '行政班', width: 22 },
  { header: '状态', width: 8 },
  { header: '手机号', width: 14 },
  { header: '邮箱', width: 24 },
  { header: '加入时间', width: 18 },
  { header: '最近登录', width: 18 },
];

const time = (value: number | null) => formatInstant(value, '');

/** The rows as 学生名单-YYYYMMDD.xlsx with Chinese headers; the writer loads only when exporting. */
export async function saveStudentsXlsx(rows: readonly StudentItem[]): Promise<string> {
  const { xlsxBlob } = await import('@/lib/xlsx-writer');
  const blob = xlsxBlob({
    name: '学生名单',
    columns: HEADERS,
    rows: rows.map((student) => [
      student.studentNumber,
      student.studentName,
      STUDENT_GENDER_LABELS[student.gender],
      student.userName,
      student.adminClass.collegeName,
      student.adminClass.majorName,
      student.adminClass.gradeName,
      student.className,
      STUDENT_STATUS_LABELS[student.status],
      student.phoneNumber,
      student.email,
      time(student.createdAt),
      time(student.lastLoginAt),
    ]),
  });
  const fileName = `学生名单-${dayjs().format('YYYYMMDD')}.xlsx`;
  saveBlob(blob, fileName);
  return fileName;
}
