import { sendSmsCode } from '../../services/sms/codes';
import { area } from '../register';

/** specs/support/sms.yaml */
export const smsArea = area('support/sms', { sendSmsCode });
