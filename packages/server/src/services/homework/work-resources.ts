import type { CourseWorkResource, WorkResourceDetail } from '@dfrm/sdk/tms/types';
import type { Input } from '../../contract/types';
import { NotFoundError, NotImplementedError } from '../../lib/errors';
import { idOrNotFound } from '../../lib/ids';
import type { AuthedCall } from '../context';
import { resolveSchoolId } from '../school/resolve-school';
import { myStudentWorkById } from './my-work';

// A course work keeps only the ids of the workbench resources it links
// (course_works.resource_ids); their names, kinds and files live in the
// resource service, which does not exist yet (issue 13). Until it does,
// updateCourseWork refuses every resource id, so no work links one and these
// answers are complete: an empty list, and "not linked" for any id.

export const RESOURCE_NOT_LINKED_MESSAGE = '该作业没有引用这个资源';
const RESOURCES_UNAVAILABLE_MESSAGE = '资源服务尚未开放，暂时无法读取作业引用的资源';

/** POST /tms-server/myWork/get/work/resource/list/{studentWorkId} */
export async function getMyWorkResourceList({
  ctx,
  input,
}: AuthedCall<Input<'getMyWorkResourceList'>>): Promise<CourseWorkResource[]> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { work } = await myStudentWorkById(ctx, schoolId, input.studentWorkId);
  // ids without the resource service could only be shown nameless: say so rather than guess
  if (work.resourceIds.length > 0) throw new NotImplementedError(RESOURCES_UNAVAILABLE_MESSAGE);
  return [];
}

/** POST /tms-server/myWork/get/work/resource/detail/{studentWorkId}/{resourceId} */
export async function getMyWorkResourceDetail({
  ctx,
  input,
}: AuthedCall<Input<'getMyWorkResourceDetail'>>): Promise<WorkResourceDetail> {
  const schoolId = await resolveSchoolId(ctx, input.schoolId);
  const { work } = await myStudentWorkById(ctx, schoolId, input.studentWorkId);
  const resourceId = idOrNotFound(input.resourceId, RESOURCE_NOT_LINKED_MESSAGE);
  if (!work.resourceIds.includes(resourceId)) throw new NotFoundError(RESOURCE_NOT_LINKED_MESSAGE);
  throw new NotImplementedError(RESOURCES_UNAVAILABLE_MESSAGE);
}
