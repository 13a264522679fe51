import * as v from 'valibot';
import { getJson, parseResponse } from '../api/getJson.ts';
import { showAlert } from '../alerts.ts';
import type { CairnContext } from '../context.ts';
import { HttpError, type FetchOptions } from '../http.ts';

const originSchema = v.object({ origin: v.nullable(v.string()), originAllowed: v.boolean() });

/** SPEC §8: the site's server refuses this project id (401, from any of its data or catalogue routes). */
const refusesProject = (error: unknown) => error instanceof HttpError && error.status === 401;

/**
 * A call to the site's Cairn server failed: when the reason is the site's configuration, say so
 * (SPEC §8 alerts). A 401 is the project id; a failure the browser gives no reason for (its
 * TypeError) may be CORS, which GET /v1/origin, readable from any page, confirms or rules out.
 * Anything else (the server down, a timeout) is not the configuration and shows no alert.
 */
export async function alertServerRefusal(
  ctx: { options: Pick<CairnContext['options'], 'api'>; toast: CairnContext['toast'] },
  error: unknown,
  fetchOptions: FetchOptions = {},
): Promise<void> {
  const { api } = ctx.options;
  if (!api) return;
  if (refusesProject(error)) return showAlert(ctx, 'projectIdNotConfigured', `projectId "${api.projectId}"`);
  if (!(error instanceof TypeError)) return;
  try {
    const answer = await getJson(api, { ...fetchOptions, retries: 0 }, '/v1/origin', {}, (body) => parseResponse(originSchema, body, '/v1/origin'));
    if (!answer.originAllowed) showAlert(ctx, 'invalidAppConfiguration', `origin ${answer.origin ?? '(none)'}`);
  } catch (checkError) {
    if (refusesProject(checkError)) showAlert(ctx, 'projectIdNotConfigured', `projectId "${api.projectId}"`);
  }
}
