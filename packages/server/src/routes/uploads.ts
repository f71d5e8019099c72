import { zUserGroupUserBindByFilePath } from '@dfrm/sdk/user/zod';
import {
  zDownloadCourseWarePath,
  zDownloadCourseWareQuery,
  zSchoolUploadStudentPath,
  zUploadCourseSectionBody,
  zUploadCourseSectionPath,
  zUploadCourseWareBody,
  zUploadStudentPath,
} from '@dfrm/sdk/tms/zod';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { allow } from '../lib/auth';
import { ok } from '../lib/envelope';
import { fileResponse } from '../lib/file-answer';
import { keepUploadIfDone, parseMultipart, withSheetUpload } from '../lib/multipart';
import { type AppEnv, authedContext } from './hono-env';
import { validate } from '../lib/validation';
import { XLSX_MAX_BYTES } from '../lib/xlsx';
import { uploadCourseSection } from '../services/course/section-import';
import { downloadCourseWare, uploadCourseWare } from '../services/courseware/courseware';
import { importStudents } from '../services/student/import';
import { schoolScope, teacherScope } from '../services/student/manage';
import { bindMembersFromFile } from '../services/user-group/member-file';

/**
 * The uploads and the courseware download, still hand-written until the registration
 * serves them like every other operation; they already stream through the one multipart
 * parser (lib/multipart.ts) and the file answers (lib/file-answer.ts).
 */
export function uploadRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const zCoursewareFields = z.omit(zUploadCourseWareBody, { file: true });
  const zSectionFields = z.omit(zUploadCourseSectionBody, { file: true });

  routes.post('/tms-server/courseWareMgr/uploadCourseWare', allow('teacher'), async (c) => {
    const { ctx } = c.var;
    if (!ctx.storage) throw new Error('no file storage configured');
    const storage = ctx.storage;
    const { fields, file } = await parseMultipart(c.req.raw, {
      storage,
      maxFileBytes: ctx.config.coursewareMaxBytes,
    });
    return keepUploadIfDone(storage, file, async () => {
      const input = validate(zCoursewareFields, fields);
      return ok(c, await uploadCourseWare({ ctx: authedContext(ctx), input: { ...input, file } }));
    });
  });

  routes.get(
    '/tms-server/courseWareMgr/downloadCourseWare/:courseWareId',
    allow('teacher', 'student'),
    async (c) => {
      const path = validate(zDownloadCourseWarePath, c.req.param());
      const query = validate(zDownloadCourseWareQuery, c.req.query());
      const file = await downloadCourseWare({ ctx: authedContext(c.var.ctx), input: { ...path, ...query } });
      return fileResponse(c, file);
    },
  );

  routes.post(
    '/tms-server/courseMgr/uploadCourseSection/:schoolId/:teacherId/:courseId',
    allow('teacher'),
    async (c) => {
      const path = validate(zUploadCourseSectionPath, c.req.param());
      return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ fields, file }) => {
        const { mode } = validate(zSectionFields, fields);
        const input = { ...path, mode: mode ?? 'replace', file };
        return ok(c, await uploadCourseSection({ ctx: authedContext(c.var.ctx), input }));
      });
    },
  );

  routes.post(
    '/tms-server/studentMgr/uploadStudent/:schoolId/:collegeId/:majorId/:gradeId/:classId',
    allow('teacher'),
    async (c) => {
      const path = validate(zUploadStudentPath, c.req.param());
      return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ file }) =>
        ok(
          c,
          await importStudents({ ctx: authedContext(c.var.ctx), input: { ...path, file } }, teacherScope),
        ),
      );
    },
  );

  routes.post(
    '/tms-server/studentMgr/schoolUploadStudent/:schoolId/:collegeId/:majorId/:gradeId/:classId',
    allow('schoolManager'),
    async (c) => {
      const path = validate(zSchoolUploadStudentPath, c.req.param());
      return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ file }) =>
        ok(c, await importStudents({ ctx: authedContext(c.var.ctx), input: { ...path, file } }, schoolScope)),
      );
    },
  );

  routes.post(
    '/usergroupinfo/v1/user/bind/:groupId/by/file',
    allow('schoolManager', 'groupAdmin', 'admin'),
    async (c) => {
      const path = validate(zUserGroupUserBindByFilePath, c.req.param());
      return withSheetUpload(c.req.raw, c.var.ctx.storage, XLSX_MAX_BYTES, async ({ fields, file }) =>
        ok(
          c,
          await bindMembersFromFile({
            ctx: authedContext(c.var.ctx),
            input: { groupId: path.groupId, file, defaultBindRole: fields.defaultBindRole },
          }),
        ),
      );
    },
  );
  return routes;
}
