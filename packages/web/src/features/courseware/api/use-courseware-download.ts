import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useSessionApi } from '@/shared/session/session-context';
import { downloadCoursewareMutation } from './courseware-mutations';

/** Download with the session's token; says which file was saved, or the server's reason it was not. */
export function useCoursewareDownload() {
  const session = useSessionApi();
  return useMutation({
    ...downloadCoursewareMutation(() => session.auth()),
    onSuccess: (name) => notifications.show({ color: 'teal', message: `已下载：${name}` }),
  });
}
