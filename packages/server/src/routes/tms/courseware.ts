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
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { allow } from '../../lib/auth';
import { ok } from '../../lib/envelope';
import { fileResponse } from '../../lib/file-answer';
import { type AppEnv, authedContext } from '../../lib/hono-env';
import { keepUploadIfDone, parseMultipart } from '../../lib/multipart';
import { jsonBody } from '../../lib/request';
import { validate } from '../../lib/validation';
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

// the generated schema types the file as a string; the file itself is checked by the service
const zUploadFields = z.omit(zUploadCourseWareBody, { file: true });

coursewareRoutes.post('/tms-server/courseWareMgr/getCourseWareList', allow('teacher'), async (c) => {
  const input = validate(zGetCourseWareListBody, await jsonBody(c));
  return ok(c, await getCourseWareList({ ctx: authedContext(c.var.ctx), input }));
});

coursewareRoutes.post('/tms-server/courseWareMgr/uploadCourseWare', allow('teacher'), async (c) => {
  const { ctx } = c.var;
  if (!ctx.storage) throw new Error('no file storage configured');
  const storage = ctx.storage;
  const { fields, file } = await parseMultipart(c.req.raw, {
    storage,
    maxFileBytes: ctx.config.coursewareMaxBytes,
  });
  return keepUploadIfDone(storage, file, async () => {
    const input = validate(zUploadFields, fields);
    return ok(c, await uploadCourseWare({ ctx: authedContext(ctx), input: { ...input, file } }));
  });
});

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
    return fileResponse(c, file);
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
