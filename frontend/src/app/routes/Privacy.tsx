export default function Privacy() {
  return <main className="p-8"><h1 className="text-2xl font-bold">Privacy</h1></main>;
}
