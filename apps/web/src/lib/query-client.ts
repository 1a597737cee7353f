import { authCalls } from '@pirouette/domain';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthorized } from './api-client';
import { queryKeyOf } from './call';

/** The session's query key (features/auth/api/auth.ts reads the session under it). */
const ME_KEY = queryKeyOf(authCalls.me);

/**
 * One client for the app. A 4xx is an answer, so it is not retried. A 401 from any call means the
 * session is gone (expired or revoked): forgetting it makes the guards send the person to sign in.
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthorized(error) && query.queryKey[0] !== ME_KEY[0]) forgetSession();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error) && client.getQueryData(ME_KEY)) forgetSession();
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  function forgetSession() {
    client.setQueryData(ME_KEY, null);
  }
  return client;
}
