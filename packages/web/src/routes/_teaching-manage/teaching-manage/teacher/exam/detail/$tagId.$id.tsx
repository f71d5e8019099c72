import { createFileRoute } from '@tanstack/react-router';
import { requireSchoolRole, TEACHER_ONLY } from '@/app/role-guard';
import { preloadRichTextView } from '@/components/rich-text/rich-text-view';
import { paperDetailQuery } from '@/features/exercise/api/exercise-queries';
import { PaperDetailPage } from '@/features/exercise/pages/paper-detail-page';
import { PaperDetailSkeleton } from '@/features/exercise/pages/exercise-skeletons';

export const Route = createFileRoute('/_teaching-manage/teaching-manage/teacher/exam/detail/$tagId/$id')({
  beforeLoad: ({ context }) => requireSchoolRole(context.queryClient, TEACHER_ONLY),
  // The loader travels with the page: its SDK calls stay out of the first bundle.
  loader: async ({ context: { queryClient }, params }) => {
    await Promise.all([queryClient.ensureQueryData(paperDetailQuery(params.id)), preloadRichTextView()]);
  },
  pendingComponent: PaperDetailSkeleton,
  component: PaperDetailRoute,
});

function PaperDetailRoute() {
  const { tagId, id } = Route.useParams();
  return <PaperDetailPage tagId={tagId} paperId={id} />;
}
