import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockRowsForUpdate, transactionWithRetry } from '../../db/retry';
import {
  type CoursewareFileRow,
  type CoursewareRow,
  courseware,
  coursewareFiles,
  coursewareShares,
} from '../../db/schema/courseware';
import { courses } from '../../db/schema/teaching';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { zipAnswer } from '../../lib/archive';
import { fileTooLargeMessage } from '../../lib/multipart';
import type {
  CourseWareDetail,
  CourseWareListItem,
  CourseWarePage,
  CourseWareShareItem,
  Deleted,
  FileInfo,
} from '@dfrm/sdk/tms/types';
import type { Input, Output } from '../../contract/types';
import type { AuthedCall, AuthedContext } from '../context';
import {
  assertCourseTeacher,
  assertTeachingClassesOwned,
  teachingClassesOfTeacher,
  teachingClassIdsOfStudentUser,
} from '../course/membership';
import {
  assertSchoolRole,
  inOrder,
  teachingClassBriefs,
  teachingClassIdsOf,
  toNumber,
  UNKNOWN_USER,
  userBriefs,
} from '../teaching-content/shared';
import { ALLOWED_EXTENSIONS, COURSEWARE_TYPES, PREVIEW_TYPES, cleanFileName, extensionOf } from './files';
import { likePattern } from '../../lib/like';
import { offsetOf } from '../../lib/paging';
import { resolveSchoolId } from '../school/resolve-school';
import { idOrNotFound } from '../../lib/ids';

export const COURSEWARE_NOT_FOUND_MESSAGE = '课件不存在';
export const ATTACHMENT_NOT_FOUND_MESSAGE = '附件不存在';
export const NOT_COURSEWARE_OWNER_MESSAGE = '这不是您的课件';
export const NOT_SHARED_MESSAGE = '该课件不是您的，也没有共享给您所在的教学班';
export const MAX_ATTACHMENTS = 20;

// aggregates as correlated subqueries, so lists can sort by them
const attachmentNum = sql<number>`(select count(*) from ${coursewareFiles} where ${coursewareFiles.coursewareId} = ${courseware.id})`;
const totalSize = sql<number>`(select coalesce(sum(${coursewareFiles.fileSize}), 0) from ${coursewareFiles} where ${coursewareFiles.coursewareId} = ${courseware.id})`;
const sharedClassNum = sql<number>`(select count(*) from ${coursewareShares} where ${coursewareShares.coursewareId} = ${courseware.id})`;

const listColumns = {
  row: courseware,
  courseName: courses.name,
  attachmentNum,
  totalSize,
  sharedClassNum,
};

interface ListRow {
  row: CoursewareRow;
  courseName: string;
  attachmentNum: unknown;
  totalSize: unknown;
  sharedClassNum: unknown;
}

async function listItemsOf(db: Db, rows: readonly ListRow[]): Promise<CourseWareListItem[]> {
  const owners = await userBriefs(
    db,
    rows.map((entry) => entry.row.ownerUserId),
  );
  return rows.map((entry) => ({
    courseWareId: String(entry.row.id),
    schoolId: String(entry.row.schoolId),
    courseWareName: entry.row.name,
    description: entry.row.description,
    courseId: String(entry.row.courseId),
    courseName: entry.courseName,
    owner: owners.get(entry.row.ownerUserId) ?? UNKNOWN_USER,
    attachmentNum: toNumber(entry.attachmentNum),
    totalSize: toNumber(entry.totalSize),
    createdAt: entry.row.createdAt,
    updatedAt: entry.row.updatedAt,
    sharedClassNum: toNumber(entry.sharedClassNum),
  }));
}

function fileInfo(file: CoursewareFileRow): FileInfo {
  return {
    fileId: String(file.id),
    fileName: file.fileName,
    fileSize: file.fileSize,
    contentType: file.contentType,
    uploadedAt: file.uploadedAt,
  };
}

async function filesOf(db: Db, coursewareIds: readonly number[]): Promise<Map<number, FileInfo[]>> {
  const byCourseware = new Map<number, FileInfo[]>(coursewareIds.map((id) => [id, []]));
  if (coursewareIds.length === 0) return byCourseware;
  const rows = await db
    .select()
    .from(coursewareFiles)
    .where(inArray(coursewareFiles.coursewareId, [...coursewareIds]))
    .orderBy(asc(coursewareFiles.uploadedAt), asc(coursewareFiles.id));
  for (const row of rows) byCourseware.get(row.coursewareId)?.push(fileInfo(row));
  return byCourseware;
}

async function detailOf(db: Db, id: number): Promise<CourseWareDetail> {
  const rows = await db
    .select(listColumns)
    .from(courseware)
    .innerJoin(courses, eq(courses.id, courseware.courseId))
    .where(eq(courseware.id, id));
  const [item] = await listItemsOf(db, rows);
  if (!item) throw new NotFoundError(COURSEWARE_NOT_FOUND_MESSAGE);
  const shares = await db
    .select({ id: coursewareShares.teachingClassId })
    .from(coursewareShares)
    .where(eq(coursewareShares.coursewareId, id))
    .orderBy(asc(coursewareShares.teachingClassId));
  const shareIds = shares.map((row) => row.id);
  return {
    ...item,
    attachments: (await filesOf(db, [id])).get(id) ?? [],
    sharedClasses: inOrder(await teachingClassBriefs(db, shareIds), shareIds),
  };
}

async function findCourseware(db: Db, id: number, schoolId: number | null): Promise<CoursewareRow> {
  const [row] = await db
    .select()
    .from(courseware)
    .where(
      schoolId === null
        ? eq(courseware.id, id)
        : and(eq(courseware.id, id), eq(courseware.schoolId, schoolId)),
    )
    .limit(1);
  if (!row) throw new NotFoundError(COURSEWARE_NOT_FOUND_MESSAGE);
  return row;
}

/** The caller's own courseware: 6 when there is none in the school, 5 when someone else's. */
async function ownCourseware(ctx: AuthedContext, schoolId: number, rawId: string): Promise<CoursewareRow> {
  const row = await findCourseware(ctx.db, idOrNotFound(rawId, COURSEWARE_NOT_FOUND_MESSAGE), schoolId);
  if (row.ownerUserId !== ctx.auth.userId) throw new ForbiddenError(NOT_COURSEWARE_OWNER_MESSAGE);
  return row;
}

/**
 * Who may see a courseware's files: its owner, and the students of the
 * teaching classes it is shared with. Everyone else gets 5.
 */
async function assertReadable(ctx: AuthedContext, row: CoursewareRow): Promise<void> {
  if (row.ownerUserId === ctx.auth.userId) return;
  const classIds = await teachingClassIdsOfStudentUser(ctx, row.schoolId, ctx.auth.userId);
  if (classIds.length > 0) {
    const [share] = await ctx.db
      .select({ id: coursewareShares.teachingClassId })
      .from(coursewareShares)
      .where(
        and(eq(coursewareShares.coursewareId, row.id), inArray(coursewareShares.teachingClassId, classIds)),
      )
      .limit(1);
    if (share) return;
  }
  throw new ForbiddenError(NOT_SHARED_MESSAGE);
}

function storageOf(ctx: AuthedContext): Storage {
  if (!ctx.storage) throw new Error('no file storage configured');
  return ctx.storage;
}

/** POST /tms-server/courseWareMgr/getCourseWareList */
export async function getCourseWareList({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWareList'>>): Promise<CourseWarePage> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const conditions: (SQL | undefined)[] = [
    eq(courseware.schoolId, schoolId),
    eq(courseware.ownerUserId, ctx.auth.userId),
  ];
  if (input.courseId !== undefined) {
    conditions.push(eq(courseware.courseId, idOrNotFound(input.courseId, '课程不存在')));
  }
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(ilike(courseware.name, likePattern(keyword)));
  if (input.shared !== undefined)
    conditions.push(input.shared ? sql`${sharedClassNum} > 0` : sql`${sharedClassNum} = 0`);
  const where = and(...conditions);

  const sortBy = {
    updatedAt: sql`${courseware.updatedAt}`,
    courseWareName: sql`${courseware.name}`,
    totalSize,
  }[input.sortField ?? 'updatedAt'];
  const descending = (input.sortOrder ?? 'desc') === 'desc';
  const [totalRow] = await ctx.db
    .select({ total: sql<number>`count(*)` })
    .from(courseware)
    .where(where);
  const rows = await ctx.db
    .select(listColumns)
    .from(courseware)
    .innerJoin(courses, eq(courses.id, courseware.courseId))
    .where(where)
    .orderBy(descending ? desc(sortBy) : asc(sortBy), descending ? desc(courseware.id) : asc(courseware.id))
    .limit(input.pageSize)
    .offset(offsetOf(input));
  return { list: await listItemsOf(ctx.db, rows), total: toNumber(totalRow?.total) };
}

/**
 * POST /tms-server/courseWareMgr/uploadCourseWare: a new courseware with its
 * first file, or one more file for an existing one. The bytes are already in
 * the Storage under a server-chosen key (the size limit applied while they
 * streamed in); this records the key, and the original name in the database.
 * When it throws, the caller discards the upload.
 */
export async function uploadCourseWare({
  ctx,
  input,
}: AuthedCall<Input<'uploadCourseWare'>>): Promise<CourseWareDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  // multipart bodies are invisible to the role middleware: check the school named here
  await assertSchoolRole(ctx, schoolId, ['teacher']);

  const file = input.file;
  if (!file) throw new InvalidInputError('参数 file 不能为空');
  const fileName = cleanFileName(file.fileName);
  if (fileName === '') throw new InvalidInputError('参数 file 缺少文件名');
  const extension = extensionOf(fileName);
  const contentType = COURSEWARE_TYPES[extension];
  if (!contentType) {
    throw new InvalidInputError(`参数 file 的文件类型不允许，允许的扩展名：${ALLOWED_EXTENSIONS.join('、')}`);
  }
  if (file.size === 0) throw new InvalidInputError('参数 file 是空文件');
  const maxBytes = ctx.config.coursewareMaxBytes;
  if (file.size > maxBytes) throw new InvalidInputError(fileTooLargeMessage('file', maxBytes));
  const name = input.courseWareName?.trim();
  if (input.courseWareName !== undefined && !name)
    throw new InvalidInputError('参数 courseWareName 不能为空');
  const description = input.description?.trim();

  const existing =
    input.courseWareId === undefined ? null : await ownCourseware(ctx, schoolId, input.courseWareId);
  if (!existing && !name) throw new InvalidInputError('参数 courseWareName 不能为空');
  const course = await assertCourseTeacher(ctx, schoolId, idOrNotFound(input.courseId, '课程不存在'));
  if (existing) {
    const files = await ctx.db
      .select({ fileName: coursewareFiles.fileName })
      .from(coursewareFiles)
      .where(eq(coursewareFiles.coursewareId, existing.id));
    if (files.length >= MAX_ATTACHMENTS) {
      throw new InvalidInputError(`参数 file 超过附件数量上限：每个课件最多 ${MAX_ATTACHMENTS} 个附件`);
    }
    if (files.some((row) => row.fileName === fileName)) {
      throw new ConflictError(`该课件中已有同名附件：${fileName}`);
    }
  }

  const key = file.key;
  const now = ctx.clock.now();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      let coursewareId: number;
      if (existing) {
        coursewareId = existing.id;
        await tx
          .update(courseware)
          .set({
            courseId: course.id,
            updatedAt: now,
            ...(name ? { name } : {}),
            ...(description !== undefined ? { description } : {}),
          })
          .where(eq(courseware.id, existing.id));
      } else {
        const [created] = await tx
          .insert(courseware)
          .values({
            schoolId,
            courseId: course.id,
            ownerUserId: ctx.auth.userId,
            name: name ?? fileName,
            description: description ?? '',
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: courseware.id });
        if (!created) throw new Error('insert courseware returned nothing');
        coursewareId = created.id;
      }
      await tx.insert(coursewareFiles).values({
        coursewareId,
        storageKey: key,
        fileName,
        fileSize: file.size,
        contentType,
        uploadedAt: now,
      });
      return coursewareId;
    });
    return await detailOf(ctx.db, id);
  } catch (error) {
    // the row never made it (e.g. a concurrent upload of the same name): the caller drops the bytes
    if (
      error instanceof Error &&
      /courseware_files_name_uq/.test(`${error.message} ${String(error.cause ?? '')}`)
    ) {
      throw new ConflictError(`该课件中已有同名附件：${fileName}`);
    }
    throw error;
  }
}

/** POST /tms-server/courseWareMgr/delCourseWare: the whole courseware, or one of its files. */
export async function delCourseWare({ ctx, input }: AuthedCall<Input<'delCourseWare'>>): Promise<Deleted> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const row = await ownCourseware(ctx, schoolId, input.courseWareId);
  const storage = storageOf(ctx);
  if (input.fileId !== undefined) {
    const fileId = idOrNotFound(input.fileId, ATTACHMENT_NOT_FOUND_MESSAGE);
    const [file] = await ctx.db
      .select()
      .from(coursewareFiles)
      .where(and(eq(coursewareFiles.id, fileId), eq(coursewareFiles.coursewareId, row.id)))
      .limit(1);
    if (!file) throw new NotFoundError(ATTACHMENT_NOT_FOUND_MESSAGE);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(coursewareFiles).where(eq(coursewareFiles.id, file.id));
      await tx.update(courseware).set({ updatedAt: ctx.clock.now() }).where(eq(courseware.id, row.id));
    });
    await storage.delete(file.storageKey);
    return { id: String(file.id) };
  }
  const files = await ctx.db
    .select({ key: coursewareFiles.storageKey })
    .from(coursewareFiles)
    .where(eq(coursewareFiles.coursewareId, row.id));
  // files and shares go with it (foreign keys cascade)
  await ctx.db.delete(courseware).where(eq(courseware.id, row.id));
  await Promise.all(files.map((file) => storage.delete(file.key)));
  return { id: String(row.id) };
}

async function shareListOf(
  ctx: AuthedContext,
  schoolId: number,
  coursewareId: number,
): Promise<CourseWareShareItem[]> {
  const classes = await teachingClassesOfTeacher(ctx, schoolId, ctx.auth.userId);
  const ids = classes.map((row) => row.id);
  const [briefs, shares, courseRows] = await Promise.all([
    teachingClassBriefs(ctx.db, ids),
    ctx.db
      .select({ id: coursewareShares.teachingClassId, sharedAt: coursewareShares.sharedAt })
      .from(coursewareShares)
      .where(eq(coursewareShares.coursewareId, coursewareId)),
    ids.length === 0
      ? Promise.resolve([])
      : ctx.db
          .select({ id: courses.id, name: courses.name })
          .from(courses)
          .where(inArray(courses.id, [...new Set(classes.map((row) => row.courseId))])),
  ]);
  const sharedAt = new Map(shares.map((row) => [row.id, row.sharedAt]));
  const courseNames = new Map(courseRows.map((row) => [row.id, row.name]));
  return classes.flatMap((row) => {
    const teachingClass = briefs.get(row.id);
    if (!teachingClass) return [];
    const at = sharedAt.get(row.id) ?? null;
    return [
      { teachingClass, courseName: courseNames.get(row.courseId) ?? '', shared: at !== null, sharedAt: at },
    ];
  });
}

/** POST /tms-server/courseWareMgr/updateCourseWareShareList: replaces the shared classes (any the caller teaches). */
export async function updateCourseWareShareList({
  ctx,
  input,
}: AuthedCall<Input<'updateCourseWareShareList'>>): Promise<CourseWareShareItem[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const row = await ownCourseware(ctx, schoolId, input.courseWareId);
  const classIds = teachingClassIdsOf(input.teachingClassIds);
  await assertTeachingClassesOwned(ctx, schoolId, classIds);
  const now = ctx.clock.now();
  await transactionWithRetry(ctx.db, async (tx) => {
    // replacements of one list queue up on its courseware row (concurrent ones deadlocked on PostgreSQL)
    await lockRowsForUpdate(tx, courseware.id, [row.id]);
    // classes that stay shared keep their original sharedAt
    await tx.delete(coursewareShares).where(
      classIds.length === 0
        ? eq(coursewareShares.coursewareId, row.id)
        : and(
            eq(coursewareShares.coursewareId, row.id),
            sql`${coursewareShares.teachingClassId} not in (${sql.join(
              classIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ),
    );
    if (classIds.length > 0) {
      await tx
        .insert(coursewareShares)
        .values(classIds.map((teachingClassId) => ({ coursewareId: row.id, teachingClassId, sharedAt: now })))
        .onConflictDoNothing();
    }
    await tx.update(courseware).set({ updatedAt: now }).where(eq(courseware.id, row.id));
  });
  return shareListOf(ctx, schoolId, row.id);
}

/** GET /tms-server/courseWareMgr/getCourseWareShareList/{schoolId}/{courseWareId} */
export async function getCourseWareShareList({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWareShareList'>>): Promise<CourseWareShareItem[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const row = await ownCourseware(ctx, schoolId, input.courseWareId);
  return shareListOf(ctx, schoolId, row.id);
}

/** POST /tms-server/courseWareMgr/getCourseWareAttachmentList/{schoolId}/{courseWareId} */
export async function getCourseWareAttachmentList({
  ctx,
  input,
}: AuthedCall<Input<'getCourseWareAttachmentList'>>): Promise<FileInfo[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const row = await findCourseware(
    ctx.db,
    idOrNotFound(input.courseWareId, COURSEWARE_NOT_FOUND_MESSAGE),
    schoolId,
  );
  await assertReadable(ctx, row);
  return (await filesOf(ctx.db, [row.id])).get(row.id) ?? [];
}

/**
 * GET /tms-server/courseWareMgr/downloadCourseWare/{courseWareId}: one file
 * (the one asked for, or the only one), else all of them as <课件名>.zip,
 * built while it streams.
 */
export async function downloadCourseWare({
  ctx,
  input,
}: AuthedCall<Input<'downloadCourseWare'>>): Promise<Output<'downloadCourseWare'>> {
  const row = await findCourseware(
    ctx.db,
    idOrNotFound(input.courseWareId, COURSEWARE_NOT_FOUND_MESSAGE),
    null,
  );
  await assertReadable(ctx, row);
  if (input.preview && input.fileId === undefined) {
    throw new InvalidInputError('预览需要指定要预览的附件（fileId）');
  }
  const conditions = [eq(coursewareFiles.coursewareId, row.id)];
  if (input.fileId !== undefined) {
    conditions.push(eq(coursewareFiles.id, idOrNotFound(input.fileId, ATTACHMENT_NOT_FOUND_MESSAGE)));
  }
  const files = await ctx.db
    .select()
    .from(coursewareFiles)
    .where(and(...conditions))
    .orderBy(asc(coursewareFiles.uploadedAt), asc(coursewareFiles.id));
  if (files.length === 0) {
    throw new NotFoundError(input.fileId === undefined ? '该课件还没有附件' : ATTACHMENT_NOT_FOUND_MESSAGE);
  }
  const storage = storageOf(ctx);
  const lost = (file: CoursewareFileRow) => new NotFoundError(`附件文件已丢失：${file.fileName}`);
  // every file must be there before the answer starts: a missing one is a 404, not a broken download
  const sizes = await Promise.all(files.map((file) => storage.stat(file.storageKey)));
  const missing = files.find((_, index) => !sizes[index]);
  if (missing) throw lost(missing);
  const open = async (file: CoursewareFileRow, range?: { start: number; end: number }) => {
    const stream = await storage.read(file.storageKey, range);
    if (!stream) throw lost(file);
    return stream;
  };
  const [only] = files;
  if (input.preview && only && !PREVIEW_TYPES.has(only.contentType)) {
    throw new InvalidInputError(`“${only.fileName}”不能在线预览（只能预览 PDF 和图片），请下载后查看`);
  }
  if (only && files.length === 1) {
    return {
      fileName: only.fileName,
      contentType: only.contentType,
      size: sizes[0]?.size,
      inline: input.preview === true,
      open: (range) => open(only, range),
    };
  }
  return zipAnswer(
    `${row.name}.zip`,
    files.map((file, index) => ({
      name: file.fileName,
      size: sizes[index]?.size ?? file.fileSize,
      open: () => open(file),
    })),
    new Date(ctx.clock.now()),
  );
}
