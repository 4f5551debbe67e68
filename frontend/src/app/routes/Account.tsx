export default function Account() {
  return <main className="p-8"><h1 className="text-2xl font-bold">Account</h1></main>;
}
