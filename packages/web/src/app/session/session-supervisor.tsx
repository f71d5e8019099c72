import { ErrCode, isApiError } from '@dfrm/sdk';
import { isLogin, type User } from '@dfrm/sdk/user';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useAppEnvironment } from '@/app/app-environment';
import { LOGIN_PATH, safeRedirect } from '@/shared/session/entry-paths';
import { StartLoader } from '@/app/start-loader';
import {
  LOGIN_POLL_MS,
  onLoginCheckRequested,
  onPasswordChangeRequested,
} from '@/shared/session/login-check';
import { loadSchoolInfo } from '@/shared/session/school-info';
import { useSession, useSessionApi } from '@/shared/session/session-context';
import { showSessionEndedAlert } from './session-ended-alert';
import { endLocalSession } from '@/shared/session/sign-out';

function sameUser(a: User | null, b: User): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Owns the session's life on this page (product spec §4):
 * - at start, with a stored token, covers the page until the login check and
 *   the school lookup (run side by side) finish; `starting` keeps the cover
 *   while the first page loads;
 * - while a token exists, checks it every LOGIN_POLL_MS (a real setInterval, so
 *   a browser clock can be fast-forwarded) and whenever a call comes back with
 *   errCode 3/4;
 * - when a token appears (login), loads school info and starts polling;
 * - errCode 3 → the 登录提示 alert, then logout, /account and a reload;
 *   any other failure → logout and /account without a word;
 * - once the user is gone (by any path, another tab included), leaves for /account;
 * - a call refused with 请先修改初始密码 marks the session and opens /account's
 *   修改初始密码 form, keeping the page the user was on as the target.
 */
export function SessionSupervisor({ starting = false }: { starting?: boolean }) {
  const session = useSessionApi();
  const { user } = useSession();
  const token = user?.token ?? null;
  const queryClient = useQueryClient();
  const router = useRouter();
  const { reload } = useAppEnvironment();
  const [booting, setBooting] = useState(token !== null);
  // True until the start-up check has run to completion (StrictMode may abort a first attempt).
  const bootPending = useRef(token !== null);
  const hadUser = useRef(user !== null);

  useEffect(() => {
    if (user) {
      hadUser.current = true;
      return;
    }
    // Only a user who was here and left; at start without one the route guard redirects (keeping ?redirect).
    if (!hadUser.current) return;
    hadUser.current = false;
    queryClient.clear();
    if (router.state.location.pathname !== LOGIN_PATH) void router.navigate({ to: LOGIN_PATH });
  }, [user, queryClient, router]);

  useEffect(
    () =>
      onPasswordChangeRequested(() => {
        const current = session.getState().user;
        if (!current) return;
        if (!current.mustChangePassword) session.setUser({ ...current, mustChangePassword: true });
        const location = router.latestLocation;
        if (location.pathname === LOGIN_PATH) return;
        const target = safeRedirect(location.href);
        void router.navigate({ to: LOGIN_PATH, search: target ? { redirect: target } : {}, replace: true });
      }),
    [session, router],
  );

  useEffect(() => {
    // No token, nothing to watch (booting only ever starts true with a stored token, and a failure ends it).
    if (!token) return;
    const controller = new AbortController();
    let active = true;
    let inFlight: Promise<void> | null = null;

    const stop = () => {
      active = false;
      clearInterval(timer);
      unsubscribe();
    };

    const fail = (error: unknown) => {
      stop();
      bootPending.current = false;
      setBooting(false);
      if (isApiError(error) && error.errCode === ErrCode.sessionEnded) {
        void showSessionEndedAlert(error.errMsg, () => {
          endLocalSession(session, queryClient);
          void router.navigate({ to: LOGIN_PATH }).finally(reload);
        });
        return;
      }
      endLocalSession(session, queryClient);
    };

    const check = (): Promise<void> => {
      inFlight ??= isLogin({ query: { token }, signal: controller.signal })
        .then((fresh) => {
          if (!active) return;
          const current = session.getState().user;
          // isLogin does not say whether the password is settled; a mark already made stays.
          const next = current?.mustChangePassword
            ? { ...fresh, token, mustChangePassword: true }
            : { ...fresh, token };
          if (current?.token === token && !sameUser(current, next)) session.setUser(next);
        })
        .catch((error: unknown) => {
          if (active) fail(error);
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    };

    const loadSchool = async () => {
      try {
        await loadSchoolInfo(queryClient, session);
      } catch {
        // Already reported by the query cache's error handler; the page keeps default school info.
      }
    };

    const timer = setInterval(() => void check(), LOGIN_POLL_MS);
    const unsubscribe = onLoginCheckRequested(() => {
      if (active) void check();
    });

    // At start the stored token is checked while school info loads (a refused token fails both, and
    // the check decides what follows); after a login the token is fresh, so only school info loads.
    void (async () => {
      await Promise.all([bootPending.current ? check() : undefined, loadSchool()]);
      if (!active) return;
      bootPending.current = false;
      setBooting(false);
    })();

    return () => {
      stop();
      controller.abort();
    };
  }, [token, session, queryClient, router, reload]);

  if (booting) return <StartLoader />;
  // The first page is still loading (app/first-screen.ts): the same cover, one live region.
  return starting ? <StartLoader label="正在加载 dfrm…" /> : null;
}
