export default function Examples() {
  return <main className="p-8"><h1 className="text-2xl font-bold">Examples</h1></main>;
}
