import { formatClock, localDateOf } from "../../../../domain/zoned-time.ts";
import { useOnline } from "../../../lib/online.ts";

const dayFormat = (zone: string) => new Intl.DateTimeFormat("en-US", { timeZone: zone, month: "short", day: "numeric" });

/**
 * DESIGN §10: while the server does not answer, one plain line says so and how old the page's data is; doses
 * saved meanwhile are counted until the server has them. Nothing at all when online and in sync.
 */
export function SyncStatus({ dataFrom, waiting, today, zone }: { dataFrom: number; waiting: number; today: string; zone: string }) {
  const online = useOnline();
  if (online && waiting === 0) return null;
  const from = new Date(dataFrom);
  const when = localDateOf(from, zone) === today ? formatClock(from, zone) : `${dayFormat(zone).format(from)}, ${formatClock(from, zone)}`;
  return (
    <div className="sync-status" role="status">
      {!online && (
        <p>
          <strong>Offline</strong>
          {dataFrom > 0 && <> · data from {when}</>}
        </p>
      )}
      {waiting > 0 && <p>{waiting === 1 ? "1 dose waiting to sync" : `${waiting} doses waiting to sync`}</p>}
    </div>
  );
}
