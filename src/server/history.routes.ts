import { Hono } from "hono";
import { historyRangeQuery } from "../shared/api-schemas.ts";
import type { AppEnv } from "./app-env.ts";
import { reportFileName, requireAdherence, requireAdherenceCsv, requireAdherencePdf, type Deps } from "./history.service.ts";
import { queryParams } from "./validate.ts";

const range = queryParams(historyRangeQuery);

/** DESIGN §4, §13: an account's adherence over a range, and the same as a CSV file and a PDF report. */
export function historyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/:userId/adherence", range, async (c) => c.json(await requireAdherence(deps, c.get("actor"), c.req.param("userId"), c.req.valid("query"))))
    .get("/:userId/report.csv", range, async (c) => {
      const csv = await requireAdherenceCsv(deps, c.get("actor"), c.req.param("userId"), c.req.valid("query"));
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${reportFileName(c.req.valid("query"), "csv")}"`,
        "cache-control": "no-store",
      });
    })
    .get("/:userId/report.pdf", range, async (c) => {
      const pdf = await requireAdherencePdf(deps, c.get("actor"), c.req.param("userId"), c.req.valid("query"));
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${reportFileName(c.req.valid("query"), "pdf")}"`,
        "cache-control": "no-store",
      });
    });
}
