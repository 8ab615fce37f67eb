import type { ChunkingContext, CodeSplittingGroup, CodeSplittingOptions } from "rolldown";

/**
 * How the build groups modules into chunks (Rolldown's output.codeSplitting, which replaced
 * advancedChunks), so that a route fetches a few larger files instead of twenty small ones, and each
 * kind of page still downloads only its own kind of code (bench/bundle.ts checks both):
 *
 *   app             the entry: React, wouter and the shell, all that a public page needs besides its own
 *   session         every sign-in and signed-in page: xstate, zod, the API client, the session machine
 *                   and the accounts API, the modal and text fields, and the failure wording every
 *                   machine shares
 *   forms           react-hook-form, its resolver, the amount field and the confirm-then-send machine
 *                   (with the reason written in its dialog),
 *                   for the forms; the customer pages load it after they draw
 *                   (src/pages/customer/lazyPart.tsx)
 *   signedIn        what the customer's and the console's pages share: layout, formats, money, lists,
 *                   the failure wording of actions, the schemas of wallets, purchases and catalogue (not the
 *                   console's confirmation dialog, text area, table heads and load status, which go with admin)
 *   lists           the paged lists' parts (results, pager, search, filter), which only the history and
 *                   the console's lists use: in signedIn every customer page would download them
 *   auth, customer, admin   each area's root with what it always needs (its guard, layout, services);
 *                   admin also the providers' words the dashboard and the Providers page share, so
 *                   the dashboard does not fetch a file of a few lines for them
 *   consoleEditors  the catalogue editors' SchemaForm and lists
 *
 * Every other page keeps a chunk of its own with what only it uses, and the toast library stays
 * behind its first use (src/notices/lazyToasts.tsx).
 */

/**
 * The areas App.tsx loads lazily, each the root of its area's chunk, and the session's services,
 * which it loads ahead of each signed-in area to run that chunk in a task of its own: dynamically
 * imported, but staying in their groups.
 */
const areaRoot =
  /\/src\/(pages\/(auth\/AuthArea|auth\/AdminLoginArea|customer\/CustomerArea|admin\/AdminArea)\.tsx|app\/sharedServices\.ts)$/;

/** A page React.lazy loads keeps a chunk of its own (with what only it uses), unless it is an area's root. */
const isLazyPage = (id: string, ctx: ChunkingContext) =>
  (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0 && !areaRoot.test(id);

const group = (name: string, priority: number, test: RegExp, except?: RegExp): CodeSplittingGroup => ({
  name: (id, ctx) => {
    const path = id.replaceAll("\\", "/");
    return test.test(path) && !except?.test(path) && !isLazyPage(id, ctx) ? name : null;
  },
  // The group's name for the bundler's timing report, which cannot read it from a function.
  debugName: name,
  priority,
});

/**
 * Shared components only the console uses, which go with the admin chunk, and ones a single customer
 * page (or two: SelectField, bulk and schedules) uses, which stay with those pages: in signedIn every
 * customer page would download them.
 */
const notForEveryCustomerPage =
  /\/src\/components\/(ConfirmDialog\.tsx|TextAreaField|ColumnHeads|LoadStatus|SecretDisplay|AmountField\.tsx|PagedResults|Pager|SearchField|ChoiceFilter|TransactionFilters|NotificationItem|notifications\.css|TransactionRow|DeliveredPins|deliveredPins\.css|SelectField)|\/src\/format\/formatCount/;

export const codeSplitting: CodeSplittingOptions = {
  groups: [
    { name: "app", tags: ["$initial"], priority: 100 },
    group(
      "session",
      90,
      /\/node_modules\/(xstate|@xstate|use-isomorphic-layout-effect|zod|redaxios)\/|\/src\/(app\/(sharedServices|AppServices|usePageTitle|useHydrated)|session\/|components\/TextField\.tsx|components\/fields\.css)|\/schemas\/readable\.ts|\/machines\/failureMessage\.ts/,
    ),
    // Below signedIn, so that the amount field's imports (money) stay there rather than follow it here.
    group(
      "forms",
      65,
      /\/node_modules\/(react-hook-form|@hookform)\/|\/src\/forms\/(schemaResolver|serverFieldErrors|fieldOf)|\/src\/components\/AmountField\.tsx|\/src\/app\/(useConfirmAction|useReasonDialog)|\/machines\/confirmActionMachine/,
    ),
    group(
      "signedIn",
      70,
      /\/src\/(components|format)\/|\/src\/app\/(useLoad|listAddress)|\/machines\/(actionFailure|sameDraft)|\/node_modules\/currency\.js\/|\/schemas\/(transactions|catalogue|notices|wallet|purchases|status|money|kycStatus)\.ts/,
      notForEveryCustomerPage,
    ),
    // The paged lists' parts, which the history and the console's lists share and no other page uses.
    group("lists", 68, /\/src\/components\/(PagedResults|Pager|SearchField|ChoiceFilter|TransactionFilters)/),
    group("auth", 60, /\/src\/pages\/auth\/(AuthArea|AdminLoginArea|AuthLayout|LoginPage|useTextForm)/),
    group(
      "customer",
      50,
      /\/src\/pages\/customer\/(CustomerArea|CustomerGuard|CustomerLayout|customerNav|lazyPart)|\/src\/app\/customerServices/,
    ),
    group(
      "admin",
      50,
      /\/src\/pages\/admin\/(AdminArea|AdminGuard|adminNav|DetailFact|ActiveBadge|RowActionButtons|accountLabels|charts\/|admin\.css|console\.css|providers\/providerWords)|\/src\/api\/adminApi|\/src\/components\/(ConfirmDialog\.tsx|TextAreaField|ColumnHeads|LoadStatus)|\/src\/format\/formatCount/,
    ),
    // The catalogue editors' SchemaForm and lists, which only the catalogue pages and the KYC limits use.
    group(
      "consoleEditors",
      40,
      /\/src\/forms\/(SchemaForm|fieldKinds|formValues|fields\/)|\/src\/pages\/admin\/catalogue\/(ControlCards|PlanList|PlanSyncPanel|catalogue\.css)/,
    ),
  ],
};
