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
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import { attachmentHeaders } from '../lib/attachment';
import { allow } from '../lib/auth';
import { ok } from '../lib/envelope';
import { InvalidInputError } from '../lib/errors';
import { type AppEnv, authedContext } from './hono-env';
import { validate } from '../lib/validation';
import { uploadedFile, xlsxUploadLimit } from '../lib/xlsx-upload';
import { uploadCourseSection } from '../services/course/section-import';
import { downloadCourseWare, uploadCourseWare } from '../services/courseware/courseware';
import { formatSize } from '../services/courseware/files';
import { importStudents } from '../services/student/import';
import { schoolScope, teacherScope } from '../services/student/manage';
import { bindMembersFromFile } from '../services/user-group/member-file';

/**
 * The uploads and the courseware download, still hand-written until the streamed
 * multipart parser and file answers (lib/multipart.ts, lib/file-answer.ts) serve them
 * through the registration like every other operation.
 */
export function uploadRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const MULTIPART_OVERHEAD = 64 * 1024;

  const coursewareLimit: MiddlewareHandler<AppEnv> = (c, next) => {
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      throw new InvalidInputError('请求体必须是 multipart/form-data，文件放在字段 file 中');
    }
    const maxBytes = c.var.ctx.config.coursewareMaxBytes;
    return bodyLimit({
      maxSize: maxBytes + MULTIPART_OVERHEAD,
      onError: () => {
        throw new InvalidInputError(`参数 file 超过大小上限：单个文件不能超过 ${formatSize(maxBytes)}`);
      },
    })(c, next);
  };

  const zCoursewareFields = z.omit(zUploadCourseWareBody, { file: true });
  const zSectionFields = z.omit(zUploadCourseSectionBody, { file: true });

  routes.post('/tms-server/courseWareMgr/uploadCourseWare', allow('teacher'), coursewareLimit, async (c) => {
    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new InvalidInputError('请求体不是有效的 multipart/form-data');
    }
    const { file, ...fields } = form;
    const text = Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === 'string'));
    const input = validate(zCoursewareFields, text);
    return ok(
      c,
      await uploadCourseWare({
        ctx: authedContext(c.var.ctx),
        input: { ...input, file: file instanceof File ? file : null },
      }),
    );
  });

  routes.get(
    '/tms-server/courseWareMgr/downloadCourseWare/:courseWareId',
    allow('teacher', 'student'),
    async (c) => {
      const path = validate(zDownloadCourseWarePath, c.req.param());
      const query = validate(zDownloadCourseWareQuery, c.req.query());
      const file = await downloadCourseWare({ ctx: authedContext(c.var.ctx), input: { ...path, ...query } });
      return c.body(
        file.data as Uint8Array<ArrayBuffer>,
        200,
        attachmentHeaders(file.fileName, file.contentType, file.data.byteLength),
      );
    },
  );

  routes.post(
    '/tms-server/courseMgr/uploadCourseSection/:schoolId/:teacherId/:courseId',
    allow('teacher'),
    xlsxUploadLimit,
    async (c) => {
      const path = validate(zUploadCourseSectionPath, c.req.param());
      const file = await uploadedFile(c);
      const { mode } = validate(zSectionFields, file.fields);
      const input = { ...path, mode: mode ?? 'replace', fileName: file.fileName, data: file.data };
      return ok(c, await uploadCourseSection({ ctx: authedContext(c.var.ctx), input }));
    },
  );

  routes.post(
    '/tms-server/studentMgr/uploadStudent/:schoolId/:collegeId/:majorId/:gradeId/:classId',
    allow('teacher'),
    xlsxUploadLimit,
    async (c) => {
      const path = validate(zUploadStudentPath, c.req.param());
      const file = await uploadedFile(c);
      return ok(
        c,
        await importStudents({ ctx: authedContext(c.var.ctx), input: { ...path, ...file } }, teacherScope),
      );
    },
  );

  routes.post(
    '/tms-server/studentMgr/schoolUploadStudent/:schoolId/:collegeId/:majorId/:gradeId/:classId',
    allow('schoolManager'),
    xlsxUploadLimit,
    async (c) => {
      const path = validate(zSchoolUploadStudentPath, c.req.param());
      const file = await uploadedFile(c);
      return ok(
        c,
        await importStudents({ ctx: authedContext(c.var.ctx), input: { ...path, ...file } }, schoolScope),
      );
    },
  );

  routes.post(
    '/usergroupinfo/v1/user/bind/:groupId/by/file',
    allow('schoolManager', 'groupAdmin', 'admin'),
    xlsxUploadLimit,
    async (c) => {
      const path = validate(zUserGroupUserBindByFilePath, c.req.param());
      const file = await uploadedFile(c);
      return ok(
        c,
        await bindMembersFromFile({
          ctx: authedContext(c.var.ctx),
          input: {
            groupId: path.groupId,
            fileName: file.fileName,
            data: file.data,
            defaultBindRole: file.fields.defaultBindRole,
          },
        }),
      );
    },
  );
  return routes;
}
