import {
  delAnnounce,
  getAnnounce,
  getAnnounceVisibleList,
  queryAnnounceList,
  updateAnnounce,
  updateAnnounceVisible,
} from '../../services/notice/teacher-notices';
import { area } from '../register';

/** specs/tms/announce.yaml: a teacher's course notices. */
export const announceArea = area('tms/announce', {
  queryAnnounceList,
  updateAnnounce,
  updateAnnounceVisible,
  delAnnounce,
  getAnnounce,
  getAnnounceVisibleList,
});
