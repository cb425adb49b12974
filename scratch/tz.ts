import { TZDate } from "@date-fns/tz";
const z = "America/New_York";
const show = (d: Date) => `${d.toISOString()} local=${new TZDate(d, z).toString()}`;
console.log("gap 02:30", show(new TZDate(2026, 2, 8, 2, 30, 0, z)));
console.log("fold 01:30", show(new TZDate(2026, 10, 1, 1, 30, 0, z)));
console.log("midnight", show(new TZDate(2026, 2, 8, 0, 0, 0, z)));
console.log("santiago midnight gap", show(new TZDate(2026, 8, 6, 0, 0, 0, "America/Santiago")));
const t = new TZDate(Date.UTC(2026,2,8,12), z); console.log(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours());
