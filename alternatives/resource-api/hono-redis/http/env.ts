// The variables a request carries through the Hono app.
export interface ApiEnv {
  Variables: {
    /** The user the bearer token belongs to. */
    userId: string;
  };
}
