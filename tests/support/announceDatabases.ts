/** Says once, at the start of a run, which databases the server suite runs on. */
export default function announceDatabases() {
  if (process.env.TEST_DATABASE_URL) {
    console.log("server suite: PGlite and the Postgres server in TEST_DATABASE_URL");
  } else {
    console.log(
      "server suite: PGlite only. Set TEST_DATABASE_URL (or run .ci/run) to run it on Postgres too.",
    );
  }
}
