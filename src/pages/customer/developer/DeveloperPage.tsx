import { useEffect } from "react";
import { usePageTitle } from "../../../app/usePageTitle";
import { useSession } from "../../../session/useSession";
import { apiAccessOf } from "./apiAccess";
import { DeveloperTools } from "./developerLazyParts";
import { NoApiAccess } from "./NoApiAccess";

/**
 * Developer: API keys to sell from a website or app, their webhooks and how to call the APIs. An
 * account that may not hold keys yet sees what they are for and how to get them (NoApiAccess).
 */
export default function DeveloperPage() {
  const { profile, send } = useSession();
  usePageTitle("Developer");
  // An admin may have changed the level or tier since sign-in: what this page shows depends on both.
  useEffect(() => {
    send({ type: "profile.refresh" });
  }, [send]);
  if (!profile) return null;
  const access = apiAccessOf(profile);
  return (
    <div className="developer">
      <h1>Developer</h1>
      {access.granted ? (
        <>
          <p>
            Your website, app or bot buys from your wallet at your level's prices with a key, and we post each
            purchase to your webhook URL when it settles. Every call is described in the{" "}
            <a href="/developers">API reference</a>.
          </p>
          <DeveloperTools
            placeholder={
              <p role="status" className="card part-loading muted">
                Loading your keys…
              </p>
            }
          />
        </>
      ) : (
        <NoApiAccess level={access.level} tier={access.tier} />
      )}
    </div>
  );
}
