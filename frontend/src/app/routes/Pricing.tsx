export default function Pricing() {
  return <main className="p-8"><h1 className="text-2xl font-bold">Pricing</h1></main>;
}
