import { idSearchValue } from '@/lib/search-params';
import { returnToSearch } from '@/shared/return-to';

/**
 * The group editor's address in both areas: ?workGroupId= edits that set, without it a new one;
 * ?returnTo= is where 保存 and 取消 go back to. (A search reader stays out of the feature's api
 * modules, which would pull the SDK's calls into the first bundle.)
 */
export function groupSetEditSearch(search: Record<string, unknown>): {
  workGroupId?: string;
  returnTo?: string;
} {
  const workGroupId = idSearchValue(search.workGroupId);
  return { ...(workGroupId ? { workGroupId } : {}), ...returnToSearch(search) };
}
