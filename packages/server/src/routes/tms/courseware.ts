import {
  zDelCourseWareBody,
  zDownloadCourseWarePath,
  zDownloadCourseWareQuery,
  zGetCourseWareAttachmentListPath,
  zGetCourseWareListBody,
  zGetCourseWareShareListPath,
  zUpdateCourseWareShareListBody,
  zUploadCourseWareBody,
} from '@dfrm/sdk/tms/zod';
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod/mini';
import { attachmentHeaders } from '../../lib/attachment';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { InvalidInputError } from '../../lib/errors';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
import { formatSize } from '../../services/courseware/files';
import {
  delCourseWare,
  downloadCourseWare,
  getCourseWareAttachmentList,
  getCourseWareList,
  getCourseWareShareList,
  updateCourseWareShareList,
  uploadCourseWare,
} from '../../services/courseware/courseware';

/** specs/tms/courseware.yaml: a teacher's courseware, its files and who it is shared with. */
export const coursewareRoutes = new Hono<AppEnv>();

// room for the multipart framing and the text fields around the file
const MULTIPART_OVERHEAD = 64 * 1024;

/** Refuses anything but multipart, and an upload larger than the configured limit before it is read into memory. */
const uploadLimit: MiddlewareHandler<AppEnv> = (c, next) => {
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

// the generated schema types the file as a string; the file itself is checked by the service
const zUploadFields = z.omit(zUploadCourseWareBody, { file: true });

coursewareRoutes.post('/tms-server/courseWareMgr/getCourseWareList', allow('teacher'), async (c) => {
  const input = validate(zGetCourseWareListBody, await jsonBody(c));
  return ok(c, await getCourseWareList({ ctx: authedContext(c.var.ctx), input }));
});

coursewareRoutes.post(
  '/tms-server/courseWareMgr/uploadCourseWare',
  allow('teacher'),
  uploadLimit,
  async (c) => {
    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new InvalidInputError('请求体不是有效的 multipart/form-data');
    }
    const { file, ...fields } = form;
    const text = Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value === 'string'));
    const input = validate(zUploadFields, text);
    return ok(
      c,
      await uploadCourseWare({
        ctx: authedContext(c.var.ctx),
        input: { ...input, file: file instanceof File ? file : null },
      }),
    );
  },
);

coursewareRoutes.post('/tms-server/courseWareMgr/delCourseWare', allow('teacher'), async (c) => {
  const input = validate(zDelCourseWareBody, await jsonBody(c));
  return ok(c, await delCourseWare({ ctx: authedContext(c.var.ctx), input }));
});

coursewareRoutes.post('/tms-server/courseWareMgr/updateCourseWareShareList', allow('teacher'), async (c) => {
  const input = validate(zUpdateCourseWareShareListBody, await jsonBody(c));
  return ok(c, await updateCourseWareShareList({ ctx: authedContext(c.var.ctx), input }));
});

coursewareRoutes.post(
  '/tms-server/courseWareMgr/getCourseWareAttachmentList/:schoolId/:courseWareId',
  allow('teacher', 'student'),
  async (c) => {
    const input = validate(zGetCourseWareAttachmentListPath, c.req.param());
    return ok(c, await getCourseWareAttachmentList({ ctx: authedContext(c.var.ctx), input }));
  },
);

coursewareRoutes.get(
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

coursewareRoutes.get(
  '/tms-server/courseWareMgr/getCourseWareShareList/:schoolId/:courseWareId',
  allow('teacher'),
  async (c) => {
    const input = validate(zGetCourseWareShareListPath, c.req.param());
    return ok(c, await getCourseWareShareList({ ctx: authedContext(c.var.ctx), input }));
  },
);
