// A plain placeholder page (spec 1 §2).
import { usePageMeta } from "../../ui/page_meta";

export default function VashPage() {
  usePageMeta("Hello World");
  return <main>Hello World!</main>;
}
