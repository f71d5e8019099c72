import {
  zClearCourseSectionPath,
  zDelCourseSectionPath,
  zDelCoursePath,
  zGetClassStudentBody,
  zGetCourseClassStudentV2Body,
  zGetCourseListBody,
  zGetCourseListV2Body,
  zGetCourseSectionPath,
  zGetCourseStaticTotalPath,
  zGetCourseStaticTotalV2Path,
  zGetCourseStaticTotalV2Query,
  zGetCourseStudentNumPath,
  zGetCourseStudentNumV2Path,
  zGetCourseSummaryListBody,
  zGetCourseTeachingClassPath,
  zGetSchoolClassBody,
  zSetCourseSectionBody,
  zUpdateCourseBody,
  zUpdateCourseV2Body,
  zUploadCourseSectionBody,
  zUploadCourseSectionPath,
} from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { attachmentHeaders } from '../../lib/attachment';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { withSheetUpload } from '../../lib/multipart';
import { XLSX_MAX_BYTES } from '../../lib/xlsx';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import {
  getClassStudent,
  getCourseClassStudentV2,
  getCourseStaticTotal,
  getCourseStaticTotalV2,
  getCourseStudentNum,
  getCourseStudentNumV2,
  getCourseTeachingClass,
  getSchoolClass,
} from '../../services/course/course-students';
import {
  delCourse,
  getCourseList,
  getCourseListV2,
  getCourseSummaryList,
  updateCourse,
  updateCourseV2,
} from '../../services/course/courses';
import {
  courseSectionTemplate,
  TEMPLATE_FILE_NAME,
  uploadCourseSection,
  XLSX_CONTENT_TYPE,
} from '../../services/course/section-import';
import {
  clearCourseSection,
  delCourseSection,
  getCourseSection,
  setCourseSection,
} from '../../services/course/sections';

/** specs/tms/course.yaml: courses, their teaching classes and sections, and course statistics. */
export const courseRoutes = new Hono<AppEnv>();

const PREFIX = '/tms-server/courseMgr';

courseRoutes.post(`${PREFIX}/getCourseList`, allow('teacher', 'schoolManager'), async (c) => {
  const input = validate(zGetCourseListBody, await jsonBody(c));
  return ok(c, await getCourseList({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/v2/getCourseList`, allow('teacher', 'schoolManager'), async (c) => {
  const input = validate(zGetCourseListV2Body, await jsonBody(c));
  return ok(c, await getCourseListV2({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/getSchoolClass`, allow('teacher'), async (c) => {
  const input = validate(zGetSchoolClassBody, await jsonBody(c));
  return ok(c, await getSchoolClass({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/getClassStudent`, allow('teacher'), async (c) => {
  const input = validate(zGetClassStudentBody, await jsonBody(c));
  return ok(c, await getClassStudent({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/updateCourse`, allow('teacher'), async (c) => {
  const input = validate(zUpdateCourseBody, await jsonBody(c));
  return ok(c, await updateCourse({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/v2/updateCourse`, allow('teacher'), async (c) => {
  const input = validate(zUpdateCourseV2Body, await jsonBody(c));
  return ok(c, await updateCourseV2({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/v2/getCourseClassStudent`, allow('teacher', 'schoolManager'), async (c) => {
  const input = validate(zGetCourseClassStudentV2Body, await jsonBody(c));
  return ok(c, await getCourseClassStudentV2({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/setCourseSection`, allow('teacher'), async (c) => {
  const input = validate(zSetCourseSectionBody, await jsonBody(c));
  return ok(c, await setCourseSection({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.post(`${PREFIX}/getCourseSummaryList`, allow('teacher'), async (c) => {
  const input = validate(zGetCourseSummaryListBody, await jsonBody(c));
  return ok(c, await getCourseSummaryList({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.get(
  `${PREFIX}/getCourseTeachingClass/:schoolId/:courseId`,
  allow('teacher', 'schoolManager'),
  async (c) => {
    const input = validate(zGetCourseTeachingClassPath, c.req.param());
    return ok(c, await getCourseTeachingClass({ ctx: authedContext(c.var.ctx), input }));
  },
);

courseRoutes.get(`${PREFIX}/delCourse/:schoolId/:courseId`, allow('teacher'), async (c) => {
  const input = validate(zDelCoursePath, c.req.param());
  return ok(c, await delCourse({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.get(
  `${PREFIX}/getCourseSection/:schoolId/:courseId`,
  allow('teacher', 'student', 'schoolManager'),
  async (c) => {
    const input = validate(zGetCourseSectionPath, c.req.param());
    return ok(c, await getCourseSection({ ctx: authedContext(c.var.ctx), input }));
  },
);

courseRoutes.get(`${PREFIX}/clearCourseSection/:schoolId/:courseId`, allow('teacher'), async (c) => {
  const input = validate(zClearCourseSectionPath, c.req.param());
  return ok(c, await clearCourseSection({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.get(`${PREFIX}/delCourseSection/:schoolId/:sectionId`, allow('teacher'), async (c) => {
  const input = validate(zDelCourseSectionPath, c.req.param());
  return ok(c, await delCourseSection({ ctx: authedContext(c.var.ctx), input }));
});

courseRoutes.get(`${PREFIX}/downloadTemplateExcel`, allow('teacher'), async (c) => {
  const data = await courseSectionTemplate();
  return c.body(
    data as Uint8Array<ArrayBuffer>,
    200,
    attachmentHeaders(TEMPLATE_FILE_NAME, XLSX_CONTENT_TYPE, data.byteLength),
  );
});

courseRoutes.get(
  `${PREFIX}/getCourseStudentNum/:schoolId/:courseId`,
  allow('teacher', 'schoolManager'),
  async (c) => {
    const input = validate(zGetCourseStudentNumPath, c.req.param());
    return ok(c, await getCourseStudentNum({ ctx: authedContext(c.var.ctx), input }));
  },
);

courseRoutes.get(
  `${PREFIX}/v2/getCourseStudentNum/:schoolId/:courseId`,
  allow('teacher', 'schoolManager'),
  async (c) => {
    const input = validate(zGetCourseStudentNumV2Path, c.req.param());
    return ok(c, await getCourseStudentNumV2({ ctx: authedContext(c.var.ctx), input }));
  },
);

courseRoutes.get(
  `${PREFIX}/static/total/:schoolId/:courseId`,
  allow('teacher', 'schoolManager'),
  async (c) => {
    const input = validate(zGetCourseStaticTotalPath, c.req.param());
    return ok(c, await getCourseStaticTotal({ ctx: authedContext(c.var.ctx), input }));
  },
);

courseRoutes.get(
  `${PREFIX}/v2/static/total/:schoolId/:courseId`,
  allow('teacher', 'schoolManager'),
  async (c) => {
    const path = validate(zGetCourseStaticTotalV2Path, c.req.param());
    const query = validate(zGetCourseStaticTotalV2Query, c.req.query());
    return ok(
      c,
      await getCourseStaticTotalV2({ ctx: authedContext(c.var.ctx), input: { ...path, ...query } }),
    );
  },
);

// the generated schema types the file as a string; the file itself is checked by the service
const zUploadFields = z.omit(zUploadCourseSectionBody, { file: true });
courseRoutes.post(
  `${PREFIX}/uploadCourseSection/:schoolId/:teacherId/:courseId`,
  allow('teacher'),
  async (c) => {
    const path = validate(zUploadCourseSectionPath, c.req.param());
    return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ fields, file }) => {
      const { mode } = validate(zUploadFields, fields);
      const input = { ...path, mode: mode ?? 'replace', file };
      return ok(c, await uploadCourseSection({ ctx: authedContext(c.var.ctx), input }));
    });
  },
);
