import {
  zDelStudentPath,
  zGetOnlineStudentListBody,
  zGetOnlineStudentListByCourseBody,
  zGetOnlineStudentListByCourseV2Body,
  zGetStudentInfoPath,
  zGetStudentListBody,
  zGetStudentListByCourseBody,
  zGetStudentListByCourseStaticBody,
  zGetStudentListByCourseStaticV2Body,
  zGetStudentListByCourseV2Body,
  zGetStudentListStaticBody,
  zSchoolMgrDelStudentPath,
  zSchoolMgrGetStudentInfoPath,
  zSchoolMgrGetStudentListBody,
  zSchoolMgrUpdateStudentBody,
  zSchoolMgrUpdateStudentStatusPath,
  zSchoolUploadStudentPath,
  zStudentMgrRefreshQuery,
  zUpdateStudentBody,
  zUpdateStudentStatusPath,
  zUploadStudentPath,
} from '@dfrm/sdk/tms/zod';
import { type Context, Hono } from 'hono';
import { attachmentHeaders } from '../../lib/attachment';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { InvalidInputError } from '../../lib/errors';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { XLSX_CONTENT_TYPE, XLSX_MAX_BYTES } from '../../lib/xlsx';
import { withSheetUpload } from '../../lib/multipart';
import { importStudents, STUDENT_TEMPLATE_FILE_NAME, studentTemplate } from '../../services/student/import';
import {
  getOnlineStudentList,
  getOnlineStudentListByCourse,
  getOnlineStudentListByCourseV2,
  getStudentList,
  getStudentListByCourse,
  getStudentListByCourseStatic,
  getStudentListByCourseStaticV2,
  getStudentListByCourseV2,
  getStudentListStatic,
  schoolMgrGetStudentList,
} from '../../services/student/list';
import {
  changeStudentStatus,
  deleteStudent,
  getStudentInfo,
  saveStudent,
  schoolScope,
  teacherScope,
} from '../../services/student/manage';
import { refreshStudentOnline } from '../../services/student/online';

/** specs/tms/student.yaml: teachers and school managers manage students (/tms-server/studentMgr/…). */
export const studentRoutes = new Hono<AppEnv>();

const base = '/tms-server/studentMgr';

/** The status path segment is an integer on the wire (StudentStatus 0–3). */
function statusParams(c: Context<AppEnv>): Record<string, unknown> {
  const params: Record<string, unknown> = c.req.param();
  const status = String(params.status ?? '');
  if (!/^[0-3]$/.test(status)) throw new InvalidInputError('参数 status 取值不正确，可选值：0、1、2、3');
  return { ...params, status: Number(status) };
}

// ---- lists ---------------------------------------------------------------------

studentRoutes.post(`${base}/getStudentList`, allow('teacher'), async (c) => {
  const input = validate(zGetStudentListBody, await jsonBody(c));
  return ok(c, await getStudentList({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/getStudentList/static`, allow('teacher'), async (c) => {
  const input = validate(zGetStudentListStaticBody, await jsonBody(c));
  return ok(c, await getStudentListStatic({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/getStudentList/by/course`, allow('teacher'), async (c) => {
  const input = validate(zGetStudentListByCourseBody, await jsonBody(c));
  return ok(c, await getStudentListByCourse({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/getStudentList/by/course/static`, allow('teacher'), async (c) => {
  const input = validate(zGetStudentListByCourseStaticBody, await jsonBody(c));
  return ok(c, await getStudentListByCourseStatic({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/v2/getStudentList/by/course`, allow('teacher'), async (c) => {
  const input = validate(zGetStudentListByCourseV2Body, await jsonBody(c));
  return ok(c, await getStudentListByCourseV2({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/v2/getStudentList/by/course/static`, allow('teacher'), async (c) => {
  const input = validate(zGetStudentListByCourseStaticV2Body, await jsonBody(c));
  return ok(c, await getStudentListByCourseStaticV2({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/schoolMgrGetStudentList`, allow('schoolManager'), async (c) => {
  const input = validate(zSchoolMgrGetStudentListBody, await jsonBody(c));
  return ok(c, await schoolMgrGetStudentList({ ctx: authedContext(c.var.ctx), input }));
});

// ---- one student -------------------------------------------------------------

studentRoutes.post(`${base}/updateStudent`, allow('teacher'), async (c) => {
  const input = validate(zUpdateStudentBody, await jsonBody(c));
  return ok(c, await saveStudent({ ctx: authedContext(c.var.ctx), input }, teacherScope));
});

studentRoutes.post(`${base}/schoolMgrUpdateStudent`, allow('schoolManager'), async (c) => {
  const input = validate(zSchoolMgrUpdateStudentBody, await jsonBody(c));
  return ok(c, await saveStudent({ ctx: authedContext(c.var.ctx), input }, schoolScope));
});

studentRoutes.get(`${base}/getStudentInfo/:schoolId/:studentId`, allow('teacher'), async (c) => {
  const input = validate(zGetStudentInfoPath, c.req.param());
  return ok(c, await getStudentInfo({ ctx: authedContext(c.var.ctx), input }, teacherScope));
});

studentRoutes.get(
  `${base}/schoolMgrGetStudentInfo/:schoolId/:studentId`,
  allow('schoolManager'),
  async (c) => {
    const input = validate(zSchoolMgrGetStudentInfoPath, c.req.param());
    return ok(c, await getStudentInfo({ ctx: authedContext(c.var.ctx), input }, schoolScope));
  },
);

studentRoutes.get(`${base}/delStudent/:schoolId/:studentId`, allow('teacher'), async (c) => {
  const input = validate(zDelStudentPath, c.req.param());
  return ok(c, await deleteStudent({ ctx: authedContext(c.var.ctx), input }, teacherScope));
});

studentRoutes.get(`${base}/schoolMgrDelStudent/:schoolId/:studentId`, allow('schoolManager'), async (c) => {
  const input = validate(zSchoolMgrDelStudentPath, c.req.param());
  return ok(c, await deleteStudent({ ctx: authedContext(c.var.ctx), input }, schoolScope));
});

studentRoutes.post(
  `${base}/updateStudentStatus/:schoolId/:studentId/:status`,
  allow('teacher'),
  async (c) => {
    const input = validate(zUpdateStudentStatusPath, statusParams(c));
    return ok(c, await changeStudentStatus({ ctx: authedContext(c.var.ctx), input }, teacherScope));
  },
);

studentRoutes.post(
  `${base}/schoolMgrUpdateStudentStatus/:schoolId/:studentId/:status`,
  allow('schoolManager'),
  async (c) => {
    const input = validate(zSchoolMgrUpdateStudentStatusPath, statusParams(c));
    return ok(c, await changeStudentStatus({ ctx: authedContext(c.var.ctx), input }, schoolScope));
  },
);

// ---- Excel -------------------------------------------------------------------

studentRoutes.get(`${base}/downloadTemplateExcel`, allow('teacher', 'schoolManager'), async (c) => {
  const data = await studentTemplate();
  return c.body(
    data as Uint8Array<ArrayBuffer>,
    200,
    attachmentHeaders(STUDENT_TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE, data.byteLength),
  );
});

studentRoutes.post(
  `${base}/uploadStudent/:schoolId/:collegeId/:majorId/:gradeId/:classId`,
  allow('teacher'),
  async (c) => {
    const path = validate(zUploadStudentPath, c.req.param());
    return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ file }) =>
      ok(c, await importStudents({ ctx: authedContext(c.var.ctx), input: { ...path, file } }, teacherScope)),
    );
  },
);

studentRoutes.post(
  `${base}/schoolUploadStudent/:schoolId/:collegeId/:majorId/:gradeId/:classId`,
  allow('schoolManager'),
  async (c) => {
    const path = validate(zSchoolUploadStudentPath, c.req.param());
    return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ file }) =>
      ok(c, await importStudents({ ctx: authedContext(c.var.ctx), input: { ...path, file } }, schoolScope)),
    );
  },
);

// ---- online --------------------------------------------------------------------

studentRoutes.post(`${base}/list/online`, allow('teacher'), async (c) => {
  const input = validate(zGetOnlineStudentListBody, await jsonBody(c));
  return ok(c, await getOnlineStudentList({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/list/online/by/course`, allow('teacher'), async (c) => {
  const input = validate(zGetOnlineStudentListByCourseBody, await jsonBody(c));
  return ok(c, await getOnlineStudentListByCourse({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.post(`${base}/v2/list/online/by/course`, allow('teacher'), async (c) => {
  const input = validate(zGetOnlineStudentListByCourseV2Body, await jsonBody(c));
  return ok(c, await getOnlineStudentListByCourseV2({ ctx: authedContext(c.var.ctx), input }));
});

studentRoutes.get(`${base}/refresh`, allow('student'), async (c) => {
  const input = validate(zStudentMgrRefreshQuery, c.req.query());
  return ok(c, await refreshStudentOnline({ ctx: authedContext(c.var.ctx), input }));
});
