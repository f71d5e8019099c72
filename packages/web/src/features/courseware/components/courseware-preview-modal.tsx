import type { FileInfo } from '@dfrm/sdk/tms';
import { FilePreviewModal } from '@/components/file-preview/file-preview-modal';
import { useSessionApi } from '@/shared/session/session-context';
import { fetchCoursewarePreview } from '@/features/courseware/api/courseware-mutations';
import { coursewareKeys } from '@/features/courseware/api/courseware-queries';

export interface CoursewarePreviewTarget {
  courseWareId: string;
  file: FileInfo;
}

/** 预览 of a courseware attachment: a PDF in the browser's viewer, an image as itself, inside the page. */
export function CoursewarePreviewModal({
  target,
  onClose,
  onDownload,
}: {
  target: CoursewarePreviewTarget | null;
  onClose: () => void;
  onDownload: (target: CoursewarePreviewTarget) => void;
}) {
  const session = useSessionApi();
  return (
    <FilePreviewModal
      target={
        target && {
          queryKey: coursewareKeys.preview(target.courseWareId, target.file.fileId),
          fileName: target.file.fileName,
          fileSize: target.file.fileSize,
          load: (signal) =>
            fetchCoursewarePreview(
              { courseWareId: target.courseWareId, fileId: target.file.fileId },
              session.auth(),
              signal,
            ),
        }
      }
      onClose={onClose}
      onDownload={() => {
        if (target) onDownload(target);
      }}
    />
  );
}
