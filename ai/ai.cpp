// Placeholder translation unit until the search lands.
namespace xq::ai {
int placeholder() { return 0; }
}  // namespace xq::ai
