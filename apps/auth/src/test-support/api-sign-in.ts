import type { Express } from 'express';
import request from 'supertest';

/** The tokens and user details a successful sign-in answers with. */
export interface SignedIn {
  id_token: string;
  access_token: string;
  refresh_token: string;
  user_details: { id: string };
}

/** Signs in through the API and returns the inner data (tokens, user details). */
export async function signIn(app: Express, email: string, password: string, path = '/auth/api/v1/customer/sign-in'): Promise<SignedIn> {
  const res = await request(app).post(path).send({ email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.data as SignedIn;
}
